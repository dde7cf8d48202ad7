"""What another person did of their own ("my flatmate just moved his savings to Chase", "my
little sister just started Year 3", 她室友退学了) and a rate or a price that dropped ("Ally cut
their rate again") end nothing the speaker holds; one day's doing (今天游了两千米) is no new
habit. A provider switched among the ones people send money, invest, save a pension or file
taxes with ("moved it all over to Remitly now" after "I send money home with Western Union"),
and a slip put right by a name of several words ("sorry, I meant Bank of Ireland") or by a
word its article said ("oops, a beagle not a basset") replace what was held.

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("theirs", "u")


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("My savings are with Barclays", "my flatmate just moved his savings to Chase, should I?"),
        ("I'm in Year 9 at Oakfield", "my little sister just started Year 3 at the primary next door"),
        ("I keep my rainy day money in an Ally account", "Ally cut their rate again, still fine though"),
        ("我在读大二", "她室友退学了，她有点难过"),
        ("我每周游泳三次，每次一千米", "今天游了两千米，累瘫了"),
    ],
)
def test_what_another_did_or_one_day_ends_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        (
            "I send money home to my dad in Lagos with Western Union",
            "moved it all over to Remitly now, way better rate",
            "Western Union",
        ),
        ("my pension pot is with Royal London", "switched the whole lot to Scottish Widows last week", "Royal London"),
        ("I always do my taxes with TurboTax", "we switched to TaxAct this year, half the price", "TurboTax"),
        ("We bank with SBI for everything", "shifted our salary accounts over to Kotak now", "SBI"),
        ("my ISA is with Vanguard", "moved my ISA to AJ Bell in the spring, lower fees", "Vanguard"),
    ],
)
def test_a_provider_of_money_switched_replaces_the_one_held(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


def test_a_mortgage_moved_to_a_lender_is_no_home_moved() -> None:
    current, ended = beliefs_after(
        OWNER, "I live in Didsbury", "finally got the mortgage moved to Halifax, 2 year fix", one_session=True
    )
    assert ended == [], (current, ended)
    assert any("Didsbury" in c for c in current), current


@pytest.mark.parametrize(
    ("held", "said", "gone", "holds"),
    [
        (
            "I bank with Ulster Bank",
            "sorry, I meant Bank of Ireland, I always get them mixed up",
            "Ulster",
            "Bank of Ireland",
        ),
        ("we've got a basset called Biscuit", "oops, a beagle not a basset, long day", "basset", "beagle"),
    ],
)
def test_a_slip_put_right_by_a_long_name_or_a_word(held: str, said: str, gone: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert any(holds in c for c in current), current


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a sum raised said with "raise", "increased", or of a person by a pronoun, small sums too
        ("our food shop budget is £400 a month", "we've had to raise the food shop budget to £480, ugh", "£400"),
        ("I put 200 a month into my Moneybox", "have increased the Moneybox to 300 since June", "200"),
        ("my daughter gets £3 a week for helping out", "she's 9 now so we bumped her up to £4", "£3"),
        # a debt paid off said by "it"
        ("I've got a student loan for my masters, about 9k left", "paid it off last month!!! debt free", "loan"),
        # a role held now, after the work said in one's own words
        ("I work on reception at the leisure centre", "I'm a duty manager now, started Monday", "reception"),
        # a thing swapped by "it"
        ("I use an Amex Gold for groceries", "downgraded it to the Amex Green, the fee wasn't worth it", "Gold"),
        # one person in two words (闺女 is 女儿)
        ("我女儿上四年级", "开学了，闺女升五年级了", "四年级"),
    ],
)
def test_a_sum_a_debt_a_role_or_a_thing_moved_on_replaces_the_one_held(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a Chinese slip put right, a laugh typed after the wrong name
        ("我家猫叫团团，英短", "打错了，是圆圆，不是团团哈哈", "团团"),
        # "We" said first is the speaker, whoever the reason after it names
        (
            "We spend every half term at a caravan in Tenby",
            "We have switched to a lodge in the Cotswolds for half terms since my sister bought one",
            "Tenby",
        ),
    ],
)
def test_a_laugh_or_a_reason_after_it_changes_nothing_of_what_is_replaced(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
