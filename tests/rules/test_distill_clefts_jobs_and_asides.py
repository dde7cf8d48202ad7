"""A value put right with the denial first ("sorry, not Whiskas, it's Felix"), a cleft of any verb
("it's cushions we make, not quilts"), a Chinese slip put right by the word said where the held
one was (哦不对，是布偶 of 家里猫是英短; 我是做测试的 of 我是做开发的), a new job taken as a role with no
article ("I start as office manager at a dental practice") or by 跳槽 after work said by what is
done (做新媒体运营), a role held at another place ("works at Asda as a team leader" / "I'm duty
manager at the Morrisons in Bury now") and an army left (退伍手续办完了) replace or end what was
held. What is no fact is dropped: a question said last with no mark (晚饭吃点啥好), a text asked to
be worked on again (再改短一点), a view of what the world will come to, a case put of no one in
particular ("say someone ..."); a state told with no subject (最近在备考) and a thing of the
speaker's said after another (，手机是小米14) are kept.

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("clefts", "u")


@pytest.mark.parametrize(
    ("held", "said", "gone", "now"),
    [
        (
            "my cat Mochi eats Whiskas pouches",
            "sorry, not Whiskas, it's Felix. Whiskas is the old cat's",
            "Whiskas",
            "Felix",
        ),
        ("we make quilts to sell at craft fairs", "oops, it's cushions we make, not quilts", "quilts", "cushions"),
        (
            "I teach German at a sixth form college",
            "let me correct myself, it's Italian I teach, not German, German was my old job",
            "German",
            "Italian",
        ),
        ("我家里的猫是英短", "哦不对，是布偶，我总把这俩记混", "英短", "布偶"),
        ("我是做开发的，写Go", "打错了，我是做测试的，写Python", "做开发", "做测试"),
        (
            "Our two kids each get £5 a week",
            "sorry, I meant every two weeks, not every week",
            "£5 a week",
            "every two weeks",
        ),
        (
            "My pension's with Aviva",
            "hang on, I'm mixing things up, mine's with Scottish Widows. Aviva is my wife's",
            "Aviva",
            "Scottish Widows",
        ),
        (
            "we've got a dog called Bramble",
            "oops sorry wrong name, our dog's Bracken, Bramble was next door's",
            "Bramble",
            "Bracken",
        ),
        (
            "I've been with my partner 6 years",
            "Sorry, 8 years. I'm rubbish with dates, he'd kill me",
            "6 years",
            "8 years",
        ),
        (
            "we've got a 3-year-old border terrier called Pip",
            "Meant to say cairn, not border. Easy mix-up",
            "border",
            "cairn",
        ),
        (
            "My daughter's phone is with Vodafone",
            "scratch that, hers is with Lebara, Vodafone is mine",
            "Vodafone",
            "Lebara",
        ),
        ("我们在备孕", "怀上了！！七周了", "备孕", "怀上"),
        (
            "we've been trying for a baby since last spring",
            "I'm pregnant!! 6 weeks, still can't believe it",
            "trying",
            "pregnant",
        ),
        ("我拿的是三等奖学金，一年3000", "打错了，是二等", "三等", "二等"),
        ("our wedding anniversary is the 3rd of June", "my bad, the 13th, he'd kill me", "3rd", "13th"),
    ],
)
def test_a_value_put_right_or_a_state_reached_replaces_the_one_held(held: str, said: str, gone: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert any(now in c for c in current), (current, ended)
    assert not any("kill" in c or c.startswith(("对了", "个事")) for c in current), current


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        (
            "I'm a sales exec at a car dealership in Derby",
            "handed my notice in. I start as office manager at a dental practice on Monday",
            "sales exec",
        ),
        ("我在广州做新媒体运营", "对了我前两周跳槽了，现在在深圳一家外企做市场", "新媒体运营"),
        ("I work at Asda as a team leader", "I'm duty manager at the Morrisons in Bury now", "Asda"),
        ("我在海军服役，今年第五年", "退伍手续办好了，下个月回老家", "海军"),
        ("My daughter is allergic to eggs", "brilliant news from the clinic: she's outgrown it!", "eggs"),
        ("I do the Friday pickup for our carpool", "oh wait no, I'm Thursdays, Friday was last term", "Friday"),
        ("我女儿今年上三年级", "哎说错了 四年级了", "三年级"),
        (
            "My daughter tutors maths, she charges 20 pounds an hour",
            "Sorry, I told you wrong, she charges 25 an hour, 20 was her old rate",
            "20",
        ),
        ("I'm a stay-at-home dad", "went back full time at the council in March", "at-home dad"),
        ("我是家庭主妇", "孩子上小学了 我找了份兼职的工作 在药店", "家庭主妇"),
        ("I'm a care assistant at Oak Lodge", "guess what, I got the team leader job!", "care assistant"),
        ("I deliver for Yodel most days", "jacked in Yodel. doing Uber Eats on the bike now", "Yodel"),
        ("我女儿在上小学二年级", "这学期升三年级了，数学开始难了", "二年级"),
        (
            "I'm retired, living off my pension",
            "I've gone back to part-time work at the library, things are tight",
            "retired",
        ),
        ("I've got my super with Cbus", "rolled it all into Hostplus last month, lower fees", "Cbus"),
        ("I'm doing a masters in law at Leeds", "I transferred to Sheffield in January actually", "Leeds"),
        ("我在成都做行政", "年后跳槽去重庆了，还是做行政", "成都"),
        ("我妈在老家养猪", "她今年不养了，来北京帮我带孩子", "养猪"),
        ("I've got an annual railcard", "didn't bother renewing the railcard this year, I drive now", "railcard"),
        (
            "I'm secretary of the allotment society",
            "Stood down as secretary at the AGM, just a plot holder now",
            "secretary",
        ),
    ],
)
def test_a_job_a_state_or_a_thing_ended_in_other_words_ends_the_one_held(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert not any(c.startswith(("对了", "个事")) for c in current), current


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I live in Leeds", "sorry, not Leeds, my brother lives in Leeds"),
        ("我家猫是英短", "英短掉毛好严重"),
        ("I volunteer at the library on Saturdays", "I start as soon as I can at the food bank too"),
        ("I'm a nurse at the General", "got the job interview at Boots!"),
        ("我是护士", "昨天又是连着三个夜班，累死了"),
        ("we're trying for a baby", "my sister is pregnant"),
    ],
)
def test_a_denial_alone_an_interview_a_shift_or_anothers_news_ends_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == [], (current, ended)


def test_a_day_put_right_as_one_is_on_it_is_said_as_the_belief_said_it() -> None:
    current, _ = beliefs_after(
        OWNER, "I'm the Friday driver for swim club", "oh wait no, I'm Thursdays", one_session=True
    )
    assert any("Thursday driver" in c for c in current), current


@pytest.mark.parametrize(
    "said",
    [
        "再改短一点，语气正式些",
        "那你再帮我润色一下开头",
        "帮我写个请假条，就说孩子发烧了",
        "西游记里唐僧的坐骑叫什么名字",
        "honestly I think flying cars will be normal by 2040",
        "I reckon house prices are going to fall next year, what do you think?",
        "Say someone earns 55k in Wales, roughly what's their take-home?",
        "say I moved to Bristol, would my commute be long?",
        "A podcast I listened to says toddlers shouldn't drink juice at all. Is that true?",
        "有篇文章说孩子三岁前不能吃蜂蜜，你怎么看",
        "宝宝一般多大可以自己睡",
        'I read that "a third of nurses plan to quit within a year". Is that true?',
        'Einstein said "imagination is more important than knowledge", what did he mean?',
        "I saw somewhere that cats sleep 16 hours a day, what do you reckon?",
        '新闻说"今年房价又跌了5%"，这说明啥？',
        '有个视频说"每天喝八杯水是个误区"，真的假的',
        "这段话有语病吗：“我们要认真学习和贯彻落实”",
    ],
)
def test_a_task_a_question_a_claim_a_view_of_the_world_or_a_case_put_is_no_fact(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert current == [], current


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("最近在备考雅思，晚饭吃点啥好", ["备考"]),
        ("我用的移动卡，手机是小米14，信号老是不好是咋回事", ["移动", "小米14"]),
        ("我对花粉过敏，最近又在备孕，平时要注意点啥", ["花粉", "备孕"]),
        ("我开的比亚迪汉，家住南京江宁", ["比亚迪", "江宁"]),
        ("honestly so relieved, my work visa got approved this morning", ["visa"]),
        ("I'm from Goa originally, currently doing my MBA at IIM Bangalore", ["Goa", "MBA"]),
        ("我在墨尔本读研，住学校旁边的合租房", ["墨尔本", "合租房"]),
        ("刚拿到驾照，家里给我买了辆二手卡罗拉", ["驾照", "卡罗拉"]),
    ],
)
def test_each_fact_said_before_a_question_after_a_feeling_or_with_its_subject_left_out_is_kept(
    said: str, kept: list[str]
) -> None:
    current, _ = beliefs_after(OWNER, said)
    for word in kept:
        assert sum(word in c for c in current) == 1, (word, current)
    assert len(current) == len(kept), current
    assert not any(w in c for c in current for w in ("吃点啥", "咋回事", "注意点啥", "relieved")), current


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I think my daughter will love the new school", 1),
        ("我是做外贸的，最近单子好少，有啥办法吗", 1),
        ("新养了只柯基叫豆豆，怎么让它不咬拖鞋", 1),
        ("Our family's all on EE for mobiles, and the kids share an iPad for homework.", 2),
    ],
)
def test_a_view_of_ones_own_people_a_pet_newly_kept_or_the_kids_things_are_kept(said: str, kept: int) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == kept, current


@pytest.mark.parametrize(
    ("held", "said", "name"),
    [
        ("I'm on Eastern time", "oh wait I'm Central, we moved to Chicago", None),
        ("hello", "I'm May, nice to meet you", "May"),
    ],
)
def test_a_time_zone_said_after_im_is_no_name_and_a_month_may_be(held: str, said: str, name: str | None) -> None:
    current, _ = beliefs_after(OWNER, held, said, one_session=True)
    names = [c for c in current if "name is" in c]
    assert names == ([f"The user's name is {name}."] if name else []), current
