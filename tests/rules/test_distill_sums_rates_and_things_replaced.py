"""A sum moved by whoever sets it ("the council dropped it to £112", "they've gone up to £1,080 since
April", "it's £91.40 since the April uprating"), a rate moved or new (LPR下调以后现在是3.95%了, "the new
two-year deal is 4.39%", "remortgaged with our credit union in March, 4.6%"), a sum said alone from
when it holds ("£34k from June"), a car got by its model year ("picked up a 2019 Octavia"), a thing
swapped by someone for another ("the fitters swapped it for a heat pump"), a job started at another
place ("started at the Argos in Pontefract"), money moved to a provider by name ("moved the whole
pot over to PensionBee"), a plan gone on ("gone sim only on Smarty"), who holds a role now ("new
caretaker's a woman named Joy", "the agent is a firm called Belvoir now"), a new address given, a
post elsewhere (公司把我调到杭州分公司了), a scheme opted out of, a worker let go, a post stepped down from and
a machine that packed in replace or end what was held. A Chinese value put right with the slip said
last (是四万多，我记错了), after an apology (不好意思，是在无锡) or with its floor (18楼) corrects the belief.
Another's sum, a rate of another thing, a second car, a change only wished (想把月季换成绣球), a job only
applied for, a move of home and another's switch end nothing.

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("sums", "u")


@pytest.mark.parametrize(
    ("held", "said", "gone", "now"),
    [
        ("Our water bill is £130 a month", "Severn Trent reviewed the account and cut it to £112", "£130", "£112"),
        ("My dad's care home fees are £900 a week", "They've gone up to £1,080 since April", "£900", "£1,080"),
        ("I pay £55 a month into my ISA", "after the pay rise it's coming out at £70 a month", "£55", "£70"),
        ("I get PIP for my arthritis, £72.65 a week", "it's £75.40 since the April uprating", "£72.65", "£75.40"),
        ("I put 4% of my wages into the pension", "put it up to 7% to get the full match", "4%", "7%"),
        ("我房贷利率是4.9%", "LPR下调以后现在是3.95%了", "4.9%", "3.95%"),
        ("Our mortgage is fixed at 2.1%", "the old fix ran out and the new two-year deal is 4.39%", "2.1%", "4.39%"),
        ("我爸每个月退休金4100", "今年调了，涨到4280了", "4100", "4280"),
        ("I drive a 2014 Fiesta", "the Fiesta's clutch went so I've picked up a 2019 Octavia", "Fiesta", "Octavia"),
        ("We've got an oil boiler", "the fitters swapped it for an air source heat pump", "oil boiler", "heat pump"),
        ("我手机号是15811112222", "换号了 新号是13700001111", "15811112222", "13700001111"),
        (
            "I'm a sales assistant at Currys in Wakefield",
            "started at the Argos in Pontefract this week",
            "Currys",
            "Argos",
        ),
        ("I pick orders at the Ocado warehouse in Erith", "started at Amazon in Dartford on Monday", "Ocado", "Amazon"),
        (
            "My daughter Isla is at Hillside Primary",
            "Isla's been at Oakwood Academy since September",
            "Hillside",
            "Oakwood",
        ),
        (
            "my workplace pension provider is Scottish Widows",
            "moved the whole pot over to PensionBee in June",
            "Scottish Widows",
            "PensionBee",
        ),
        ("I have a cash ISA with Santander", "their rate got rubbish, I transferred it to Chip", "Santander", "Chip"),
        ("our joint account is with Halifax", "we moved the joint account over to Monzo", "Halifax", "Monzo"),
        ("My phone is on a contract with EE", "gone sim only on Smarty, £8 a month", "EE", "Smarty"),
        (
            "Our letting agent is Hunters",
            "the flat changed hands, the agent is a firm called Belvoir now",
            "Hunters",
            "Belvoir",
        ),
        ("The caretaker at our block is Stan", "Stan retired, new caretaker's a woman named Joy", "Stan", "Joy"),
        (
            "We live at 22 Mill Lane in Halifax",
            "new address: 7 Oak Rise, Brighouse. Moved in on Saturday",
            "Mill",
            "Oak",
        ),
        (
            "Our mortgage is fixed at 2.4% with Nationwide",
            "remortgaged with our credit union in March, 4.6%",
            "2.4%",
            "4.6%",
        ),
        ("I'm on £31,000 a year", "Passed my probation!! £34k from June", "£31,000", "£34k"),
        ("我在宁波上班", "公司把我调到杭州分公司了 下周一报到", "宁波", "杭州"),
        ("我老婆在东莞工作", "她调回深圳总部了", "东莞", "深圳"),
    ],
)
def test_a_sum_a_rate_a_car_or_a_thing_moved_by_whoever_replaces_the_one_held(
    held: str, said: str, gone: str, now: str
) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert any(now in c for c in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        ("I pay into Smart Pension through work", "opted out of Smart Pension last month", "Smart Pension"),
        ("I'm in the Royal Mail pension scheme", "opted out of the pension scheme, need every penny", "Royal Mail"),
        (
            "we have a gardener who comes every other Tuesday",
            "had to let the gardener go, can't justify it",
            "gardener",
        ),
        ("I'm on the PTA committee at the primary", "stepped down from the committee at the summer fair", "committee"),
        ("I'm on citalopram 20mg", "came off the citalopram in May, all good so far", "citalopram"),
        ("Our tumble dryer is a Hotpoint", "it packed in on Sunday, drying everything on the line", "Hotpoint"),
        ("Our tumble dryer is a Hotpoint", "it conked out last night", "Hotpoint"),
    ],
)
def test_a_scheme_a_worker_a_post_a_medicine_or_a_machine_ended_ends_the_one_held(
    held: str, said: str, gone: str
) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("Our service charge is £1,900 a year", "the couple upstairs had their service charge put up to £2,300"),
        ("Our rent is £1,050 a month", "my flatmate's sister got her rent put up to £1,200"),
        ("Our council tax is £1,700 a year", "my dad's council tax went up to £2,240 this year, he's livid"),
        ("My mortgage is fixed at 1.89%", "my savings account pays 4.5% now"),
        ("I drive a 2014 Fiesta", "my daughter bought a 2017 Polo"),
        ("I drive a 2014 Fiesta", "I also bought a 2012 Berlingo for the business"),
        ("我在阳台种了月季", "想把月季换成绣球 你觉得呢"),
        ("I work at HSBC", "I'm thinking about applying for a mortgage adviser job at Nationwide"),
        ("我儿子身高120厘米", "带他去动物园玩，门票涨到160了"),
        ("I'm with Octopus for energy", "moved to Leeds last year"),
        ("I bank with Lloyds", "my mum moved her savings to Chase"),
        ("My phone contract is with Three", "my son's gone sim only on giffgaff"),
        ("I volunteer at the Oxfam shop on Saturdays", "started at Foxtons on Monday"),
        ("My landlord is Mr Okafor", "the landlord is so slow now"),
        ("We live at 22 Mill Lane in Halifax", "my work address is 3 Linden Close, Rotherham"),
        ("我在宁波上班", "我同事调到杭州去了"),
        ("My rent is £900 a month", "I love it here. £80k from April would be nice"),
        ("我在宁波上班", "想调到杭州去"),
    ],
)
def test_anothers_sum_another_things_rate_a_second_car_a_wish_or_a_job_sought_ends_nothing(
    held: str, said: str
) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone", "now"),
    [
        ("我公积金余额有九万多", "刚看了一下 是四万多 我记错了", "九万多", "四万多"),
        ("每个月医保个人扣195", "刚看了工资条，是159，数字打反了", "195", "159"),
        ("我们住16楼", "哦不是 61楼 我老说反", "16楼", "61楼"),
        ("我在苏州上班", "不好意思，是在无锡，苏州是我老家", "苏州", "无锡"),
        ("我每周五去打羽毛球", "哦 是每周三 周五我要加班", "每周五", "每周三"),
    ],
)
def test_a_chinese_value_put_right_with_its_slip_said_last_or_after_an_apology_corrects_it(
    held: str, said: str, gone: str, now: str
) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert any(now in c and gone not in c for c in current), (current, ended)


def test_an_apology_that_opens_a_question_corrects_nothing() -> None:
    current, ended = beliefs_after(OWNER, "我在苏州上班", "不好意思，是这样的，我想问一下社保的事", one_session=True)
    assert ended == [], (current, ended)
