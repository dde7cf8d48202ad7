"""A provider the speaker has one of at a time (an insurer, a phone carrier, a gym, a ticket
tracker, a team chat, a code editor; a bank or a music service only with the switch said),
named new in other words than the one held: the one held is replaced. Words of my own (pure,
the distiller's own functions; one message each, a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.providers import providers_named
from tests.support.said import beliefs_after

OWNER = Owner("providers", "u")


@pytest.mark.parametrize(
    ("held", "said", "now", "was"),
    [
        ("we use slack at work", "the company moved everyone over to microsoft teams last month", "teams", "slack"),
        ("I go to planet fitness", "cancelled pf, signed up with equinox instead", "equinox", "planet fitness"),
        ("my insurance is cigna", "work switched us to kaiser in january", "kaiser", "cigna"),
        ("I'm with vodafone", "switched to giffgaff, half the price", "giffgaff", "vodafone"),
        ("我用钉钉办公", "公司上个月全面换成飞书了", "飞书", "钉钉"),
        ("我们家房贷是在建行办的", "上个月转贷到招行了，利率低了不少", "招行", "建行"),
    ],
)
def test_a_provider_named_new_replaces_the_one_held_of_its_kind(held: str, said: str, now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("we use jira at work", "the team uses linear regression for forecasting"),
        ("we use jira at work", "jira's new UI sucks, I'd rather use Linear honestly"),
        ("I use vscode for everything", "trying out neovim this week"),
        ("my phone plan is t-mobile", "my wife switched to verizon"),
        ("I'm on blue cross through my job", "the clinic only takes aetna and cigna"),
        ("I bank with chase", "opened a savings account with ally too"),
        ("my gym is planet fitness", "my friend goes to equinox, she loves it"),
        ("we use slack at work", "also teams for clients"),
        ("I use spotify", "made a playlist on apple music for my mum"),
        ("I use chrome", "safari keeps crashing on my ipad"),
    ],
)
def test_another_providers_name_said_otherwise_replaces_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert ended == [], (current, ended)


def test_a_name_that_is_also_a_word_counts_only_where_it_names_one() -> None:
    assert providers_named("i need to chase the kids") == {}
    assert providers_named("we bank with Chase") == {"bank": frozenset(["chase"])}
    assert providers_named("the whole org got moved over to linear") == {"ticket tracker": frozenset(["linear"])}
    assert providers_named("vs code and VSCode are one editor") == {"code editor": frozenset(["vscode"])}
