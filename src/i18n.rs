//! One table for every string a person reads: zh-CN (default) and English. Faces (ui, cli)
//! and the documents take their words from here.

use crate::interchange::limits;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

macro_rules! texts {
    ($($key:ident => $zh:expr, $en:expr;)*) => {
        /// A text key. `T::X.get(lang)` gives the words.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum T { $($key),* }
        impl T {
            pub fn get(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $( (T::$key, Lang::Zh) => $zh, (T::$key, Lang::En) => $en, )*
                }
            }
        }
    };
}

texts! {
    AppTitle => "编排 Bianpai", "Bianpai 编排";
    // tabs
    TabEvent => "赛事", "Event";
    TabEntrants => "选手", "Entrants";
    TabPairings => "对阵", "Pairings";
    TabResults => "成绩", "Results";
    TabStandings => "排名", "Standings";
    TabJournal => "日志", "Journal";
    TabAwards => "奖项", "Awards";
    TabBracket => "对阵图", "Bracket";
    AwardsAfter => "第{}轮后的录取与奖励", "Awards after round {}";
    QualifiersHeading => "参赛资格", "Qualifiers";
    QualifiersCount => "获得参赛资格人数", "How many qualify";
    SubRankingsHeading => "分组名次", "Sub-rankings";
    PrizeKindLabel => "奖项类别", "Kind";
    Total => "合计", "Total";
    PlacesCounted => "计分名次", "Places counted";
    NoneYet => "（无）", "(none)";
    AwardRulesInvalid => "奖励办法有误：{}", "The award rules cannot be applied: {}";
    UndoLast => "撤销最后一步（Ctrl+Z）", "Undo the last action (Ctrl+Z)";
    Time => "时间", "Time";
    ActCreate => "新建赛事文件", "New event file";
    ActEventInfo => "修改赛事信息", "Event details";
    ActSectionAdd => "添加组别", "Section added";
    ActSectionUpdate => "修改组别设置", "Section settings";
    ActSectionRemove => "删除组别", "Section removed";
    ActEntrantAdd => "添加选手", "Entrant added";
    ActEntrantUpdate => "修改选手", "Entrant changed";
    ActEntrantRemove => "删除选手", "Entrant removed";
    // 团体赛 — team sections: actions, fields, messages, command line
    ActTeamAdd => "添加参赛队", "Team added";
    ActTeamEdit => "修改参赛队", "Team changed";
    ActTeamRemove => "删除参赛队", "Team removed";
    ActTeamLineup => "出场名单", "Line-up";
    ActTeamForfeit => "整场弃权", "Match forfeited";
    ActTeamBye => "团体轮空", "Team bye";
    TeamName => "队名", "Team name";
    TeamCaptain => "领队", "Captain";
    TeamBoards => "台数", "Boards";
    TeamReserves => "替补人数", "Reserves";
    TeamWomenBoards => "女子台", "Women's boards";
    TeamErrNotTeamSection => "组别“{}”不是团体赛组别。", "Section {} is not a team section.";
    TeamErrNoSuchTeam => "没有参赛队“{}”。", "There is no team {}.";
    TeamErrNameTaken => "已有名为“{}”的参赛队。", "A team named {} exists already.";
    TeamErrPlayerCount => "参赛队“{}”：报了{}名队员，应为{}至{}名（台数加替补）。", "Team {}: {} players named, {} to {} wanted (boards and reserves).";
    TeamErrPlayerTwice => "参赛队“{}”：队员“{}”重复。", "Team {}: player {} is named twice.";
    TeamErrPlayerHasGames => "参赛队“{}”：队员“{}”已经出场比赛，不能从队中删除。", "Team {}: player {} has played and cannot be taken off the team.";
    TeamErrTeamsFixed => "第1轮编排后不能再添加或删除参赛队。", "Teams cannot be added or removed once round 1 is paired.";
    TeamErrLineup => "参赛队“{}”第{}轮出场名单：{}", "Team {}, round {} line-up: {}";
    TeamErrLineupCount => "报了{}名队员，应为{}名（每台一人）。", "{} players named, {} wanted (one a board).";
    TeamErrLineupNotOnTeam => "第{}台“{}”不是本队队员。", "board {}: {} is not on the team.";
    TeamErrLineupTwice => "第{}台“{}”重复出场。", "board {}: {} is named twice.";
    TeamErrLineupOrder => "第{}台“{}”在队员顺序中排在“{}”之前，出场顺序不得改变。", "board {}: {} stands before {} in the team's order, and the order may not change.";
    TeamErrLineupNotAWoman => "第{}台须由女棋手出场（女子台），“{}”不是。", "board {} is a woman's board, and {} is not a woman.";
    TeamErrLineupNotInPlay => "第{}台“{}”已退出或被取消资格。", "board {}: {} has withdrawn or is excluded.";
    TeamErrMatchHasResults => "参赛队“{}”第{}轮的对局已有成绩，请先清除成绩。", "Team {}, round {}: the match has results; clear them first.";
    TeamErrTooFewTeams => "团体赛至少需要两个参赛队。", "A team section needs two teams.";
    TeamErrTeamShort => "参赛队“{}”只有{}名可出场队员，不足{}台。", "Team {} has {} players in play for {} boards.";
    TeamErrUnpaired => "第{}轮无法编排这些参赛队：{}", "Round {}: these teams cannot be paired: {}";
    TeamErrNoTeamSystem => "团体赛的“{}”编排尚未接入本程序；请用循环制或积分编排制。", "Team pairing by {} is not in this program yet; use a round robin or a Swiss.";
    TeamErrNoSuchMatch => "第{}轮没有第{}场。", "Round {} has no match {}.";
    TeamErrRoundNotPaired => "第{}轮还未编排。", "Round {} is not paired.";
    TeamErrTeamPlays => "参赛队“{}”第{}轮有对阵，不能轮空。", "Team {} plays a match in round {} and cannot have a bye.";
    TeamErrOnTeam => "{}是参赛队“{}”的队员：请用参赛队的修改（bianpai team edit）改队员名单", "{} plays for team {}: change the team's list of players instead (bianpai team edit)";
    TeamSheetCell => "第{}行第{}列（{}）：{}", "Row {}, column {} ({}): {}";
    TeamSheetNoColumn => "表中没有“{}”列。", "The sheet has no “{}” column.";
    TeamSheetNoTeam => "队名为空", "the team name is empty";
    TeamSheetNoName => "姓名为空", "the name is empty";
    TeamSheetBadOrder => "“{}”不是从1起的台次", "“{}” is no place in the order (1, 2, …)";
    TeamSheetOrderTwice => "台次{}与第{}行重复", "place {} is also that of row {}";
    TeamSheetOrderGap => "本队缺台次{}", "the team's order has no place {}";
    TeamSheetTooMany => "本队人数超过台数加替补（至多{}人）", "the team has more players than its boards and reserves ({} at most)";
    TeamSheetBadSex => "性别“{}”无法识别", "sex “{}” is neither male nor female";
    TeamSheetUnread => "未读入的列：{}（队员只记姓名与性别；其余请在选手页补录）", "Columns not read: {} (a team's players take a name and sex only; add the rest on the Entrants tab)";
    TeamErrMatchPoints => "场分制“{}”应写作 胜-和-负，如 2-1-0 或 3-1-0。", "Match points {} should read win-draw-loss, e.g. 2-1-0 or 3-1-0.";
    TeamErrPlayersArg => "--players 第{}项“{}”：{}", "--players item {} ({}): {}";
    TeamErrNotATeamPlayer => "不是该队队员", "not on the team";
    TeamErrNothingToEdit => "没有要修改的内容（--name、--unit、--captain、--players）。", "Nothing to change (--name, --unit, --captain, --players).";
    TeamPlayersField => "队员（按队员顺序，逗号分隔）", "Players (in the team's order, comma-separated)";
    TeamAdd => "添加参赛队", "Add team";
    TeamSave => "保存参赛队", "Save team";
    TeamEdit => "修改", "Edit";
    TeamRemove => "删除", "Remove";
    TeamSaved => "已保存参赛队", "Team saved";
    TeamFormHint => "每场{}台，每队可报替补{}人；队员按队员顺序填写，先上场的后替补。出场名单：每队一行，从第1台起，回车确定；出场顺序不得改变。", "{} boards a match, up to {} reserves a team; players in the team's order, the boards' first. Line-ups: one line a team, board 1 first, Enter sets it; the order may not change.";
    TeamMatchLine => "第{}场 {} {}:{} {}（第{}–{}台）", "Match {}: {} {}:{} {} (boards {}–{})";
    TeamByeLine => "轮空 {}", "Bye {}";
    TeamStandingsHeading => "团体名次", "Team standings";
    TeamMatchPoints => "场分", "Match points";
    TeamGamePoints => "局分", "Game points";
    ActResult => "录入成绩", "Result";
    ActRoundResults => "录入整轮成绩", "Round results";
    ActImport => "导入选手", "Entrants imported";
    ActSectionFromTrf => "从TRF文件新建组别", "Section from a TRF file";
    ActQualifiers => "晋级名单转入正赛", "Qualifiers entered into the main event";
    QualifiersInto => "转入组别", "Into section";
    QualifiersEnter => "晋级名单转入该组别", "Enter the qualifiers into it";
    QualifiersEnterHelp => "比赛全部结束后，晋级名单按名单顺序（即正赛序号 1、2、…）转入一个新建的空组别；可撤销。", "Once every result is in, the qualifiers go into a new, empty section in the list's order (its numbers 1, 2, …); undoable.";
    QualifiersNoTarget => "要转入晋级名单，请先在赛事页新建正赛组别（空组别）。", "To enter the qualifiers, first add the main event's section (empty) in the Event tab.";
    ActUndo => "撤销", "Undo";
    Backups => "备份（每轮编排后自动保存）", "Backups (made after every pairing)";
    Restore => "恢复", "Restore";
    ConfirmRestore => "用这个备份替换当前赛事数据？当前状态会先另存为一个备份，恢复后可按Ctrl+Z撤销。", "Replace the event with this backup? The current state is first kept as a backup of its own, and Ctrl+Z undoes the restore.";
    RestoreDrops => "将丢弃此备份之后录入或更改的{}个成绩和{}条日志。", "This drops {} results entered or changed and {} journal rows written since the backup.";
    Restored => "已恢复", "Restored";
    Action => "操作", "Action";
    Detail => "内容", "Detail";
    // menu and file
    MenuFile => "文件", "File";
    FileNew => "新建赛事…", "New event…";
    FileOpen => "打开…", "Open…";
    FileSaveAs => "另存为…", "Save as…";
    FileQuit => "退出", "Quit";
    Language => "语言", "Language";
    // 帮助 → 使用指南 (F1): the guide inside the window (ui::help)
    MenuHelp => "帮助", "Help";
    HelpGuide => "使用指南", "Guide";
    HelpContents => "目录", "Contents";
    HelpPrevious => "上一节", "Previous";
    HelpNext => "下一节", "Next";
    HelpClose => "关闭", "Close";
    HelpKeys => "← → 上一节/下一节　↑↓ PgUp/PgDn 滚动　Esc 或 F1 关闭", "← → previous/next  ↑↓ PgUp/PgDn scroll  Esc or F1 closes";
    HelpPicture => "［插图：{}，见 {}］", "[Picture: {}, in {}]";
    FileFilter => "编排赛事文件", "Bianpai event file";
    Undone => "已撤销（Ctrl+Z）：", "Undone (Ctrl+Z): ";
    NothingToUndo => "没有可撤销的操作。", "Nothing to undo.";
    SavedAutomatically => "每次操作即已保存", "Every action is saved at once";
    // event
    EventName => "赛事名称", "Event name";
    Organiser => "主办单位", "Organiser";
    Venue => "比赛地点", "Venue";
    StartDate => "开始日期", "Start date";
    EndDate => "结束日期", "End date";
    ChiefArbiter => "裁判长", "Chief arbiter";
    SaveEvent => "保存赛事信息", "Save event details";
    Sections => "组别", "Sections";
    Section => "组别", "Section";
    SectionName => "组别名称", "Section name";
    NewSectionName => "新组别名称", "New section's name";
    AddSection => "添加组别", "Add section";
    RemoveSection => "删除组别", "Remove section";
    TrfSectionOpen => "从TRF文件新建组别…", "New section from a TRF file…";
    TrfSectionHint => "国际象棋组别：选手、各轮对局、轮空与成绩都取自文件。上面的“组别名称”未填写时，用文件中的赛事名称。也可把TRF文件拖到窗口上。", "A chess section: its players and every round's games, byes and results come from the file. Without a section name above, the file's tournament name is used. A TRF file may also be dropped on the window.";
    TrfSectionPreview => "将新建组别“{}”：{}名选手，已赛{}轮（共{}轮）", "New section “{}”: {} entrants, {} rounds played of {}";
    TrfSectionCreate => "新建组别", "Create the section";
    TrfSectionCreated => "已从TRF文件新建组别“{}”：{}名选手，{}轮", "Section “{}” created from the TRF file: {} entrants, {} rounds";
    TrfFiles => "TRF文件", "TRF files";
    SaveSection => "保存组别设置", "Save section settings";
    Game => "棋种", "Game";
    Xiangqi => "象棋", "Xiangqi";
    Chess => "国际象棋", "Chess";
    System => "赛制", "System";
    SystemXiangqiSwiss => "积分编排制", "Swiss (xiangqi rules)";
    SystemDutch => "瑞士制（FIDE荷兰制）", "Swiss (FIDE Dutch)";
    SystemRoundRobin => "循环制", "Round robin";
    SystemKnockout => "淘汰制", "Knockout";
    DutchEditionLabel => "荷兰制规则版本", "Dutch rules edition";
    DutchEdition2026 => "2026版（2026年2月1日起施行）", "2026 edition (in force from 1 February 2026)";
    DutchEdition2017 => "2017版（2026年2月1日前施行）", "2017 edition (in force before 1 February 2026)";
    EntrantOfNumber => "该序号的选手", "an entrant with that number";
    EntrantOfSection => "本组别的这名选手", "this entrant in the section";
    ErrProhibitedSelf => "禁止配对须是两名不同的选手", "A prohibited pairing names two different entrants";
    ProhibitedLabel => "禁止配对", "Prohibited pairings";
    ProhibitedPairText => "{} 与 {}", "{} and {}";
    ProhibitedRounds => "（第{}至{}轮）", " (rounds {} to {})";
    ProhibitedRemove => "删除", "Remove";
    ProhibitedPick => "选择选手", "Choose an entrant";
    ProhibitedFirst => "选手甲", "First entrant";
    ProhibitedSecond => "选手乙", "Second entrant";
    ProhibitedAdd => "添加禁止配对", "Add the prohibited pairing";
    ProhibitedHelp => "两人在任何一轮都不会相遇（如兄弟姐妹、师徒、同队回避之外的队友），与“不重复相遇”一样绝对。保存设置后生效。", "The two never meet in any round (siblings, coach and pupil, club mates beyond same-unit avoidance), as absolutely as no rematch. Takes effect when the settings are saved.";
    DutchEditionHelp => "比赛按开始时施行的版本编排到底；新组别按赛事开始日期选定。", "A tournament is paired to its end by the edition in force when it began; a new section takes the one in force on the event's start date.";
    Rounds => "轮数", "Rounds";
    PointSystem => "记分方法", "Point system";
    FirstRound => "首轮编排", "Round 1";
    FirstRoundAdjacent => "1-2、4-3、5-6、8-7…（号码在前者执红）", "1-2, 4-3, 5-6, 8-7 … (first-named plays red)";
    FirstRoundRatingHalves => "按等级分分为上下两半，两半之间抽签对阵，先后手抽签", "rating order split into halves, paired across the halves by lot, colours by lot";
    FirstRoundDutch => "按等级分排序，上半区对下半区（1对N/2+1、2对N/2+2…），国际棋联荷兰制", "by rating, top half against bottom half (1 v N/2+1, 2 v N/2+2 …), FIDE Dutch system";
    FirstRoundKnockout => "按序号排种子，1号对末号、2号对次末号…依对阵表（人数不足时前几号轮空）", "seeded by number, 1 against the last, 2 against the second last … by the bracket (top seeds get the byes)";
    FirstRoundBerger => "贝格尔编排表", "Berger tables";
    MatchFormatLine => "每场比赛：{}{}", "Each match: {}{}";
    ThirdPlaceMatchSuffix => "；三四名决赛", "; a match for third place";
    PlayoffLine => "第{}轮后前{}名交叉赛（1对4、2对3…），每场：{}{}", "After round {}, the top {} play off (1 v 4, 2 v 3 …); each match: {}{}";
    QualificationStageLine => "第{}轮后前{}名晋级（已晋级者不再编排）", "after round {} the best {} qualify (and are paired no more)";
    QualificationSubListLine => "{}前{}名", "best {1} of {0}";
    QualificationWildcardLine => "外卡{}名", "{} wildcards";
    QualificationLine => "晋级办法：{}", "Qualification: {}";
    PromotionLine => "晋级标准：{}", "Promotion: {}";
    PromotionStepLine => "{}→{} {}%", "{} → {} {}%";
    PromotionStepPointsLine => "{}→{} {}分", "{} → {} {} points";
    EarlyStopLine => "已达标晋级者和中途升级无望者不再进入之后轮次的比赛", "players promoted or who can no longer be are paired no more";
    SameUnitOne => "同队队员第{}轮回避", "Team-mates are not paired in round {}";
    SameUnitRange => "同队队员第{}至{}轮回避", "Team-mates are not paired in rounds {}–{}";
    ForfeitConsecutiveLine => "连续{}轮弃权者取消比赛资格，后续不再编排", "{} forfeits in a row: excluded, paired no more";
    ForfeitTotalLine => "弃权{}轮者取消比赛资格，后续不再编排", "{} forfeits: excluded, paired no more";
    AbsoluteRules => "绝对规则", "Absolute rules";
    NoThreeInARow => "禁连三（不连续三次同先后手）", "No colour three times running";
    MaxColourDifferenceTwo => "禁多三（先后手差不超过2）", "Colour difference at most 2";
    ForfeitCountsAsMet => "弃权局算已交手", "A forfeit counts as met";
    SameUnitRounds => "同队回避", "Same-unit avoidance";
    SameUnitFrom => "自第几轮", "from round";
    SameUnitTo => "至第几轮", "to round";
    SameUnitHelp => "（至第0轮＝不回避）", "(to round 0 = off)";
    SameUnitOrder => "同队回避：起始轮不能晚于结束轮", "Same-unit avoidance: the first round must not be after the last";
    PositionalRuleLabel => "编排方法", "Positional rule";
    PositionalColourRows => "异行配对（先手行对后手行）", "Colour rows (due red v due black)";
    PositionalAdjacent => "临近配对（1-2、3-4…）", "Neighbours (1 v 2, 3 v 4 …)";
    PositionalHalves => "上下半区（FIDE式）", "Top half v bottom half (FIDE style)";
    ForfeitExclusion => "弃权几轮后不再编排（0＝不限）", "Forfeits before no longer paired (0 = never)";
    ForfeitConsecutive => "连续", "consecutive";
    ForfeitTotal => "累计", "in total";
    ByePolicyLabel => "轮空人选", "Who gets the bye";
    ByeLowestNeverHadBye => "未曾轮空者中最低分", "Lowest scorer never given a bye";
    ByeLowestFewestByes => "最低分中轮空最少者", "Lowest scorer with the fewest byes";
    LastThreeRoundsLeader => "后三轮高分者先后手优先", "Last three rounds: the leader's colour first";
    FloatBalance => "避免连续同向上下调", "Avoid floating the same way twice";
    TiebreakPresets => "名次区分方案", "Tiebreak presets";
    Tiebreaks => "名次区分（依次比较）", "Tiebreaks (in order)";
    TiebreaksHelp => "用顿号或逗号分隔：对手分、胜局、犯规、后走局数、后走胜局、前一轮名次、累进分、小分、直胜，或 BH、BH-C1、SB、DE、WIN 等缩写。",
                     "Separate with commas: OPP, WIN, FOUL, BPG, BWG, PREV, PS, SB, DE, BH, BH-C1 … or the Chinese names.";
    TbPreset1431 => "规则14.3.1，北京2026规程", "rule 14.3.1, Beijing 2026 regulations";
    TbPreset1432 => "规则14.3.2，上海锦标赛补充细则", "rule 14.3.2, Shanghai championship";
    TbPreset141 => "规则14.1，单循环", "rule 14.1, round robin";
    TbPresetSeed001RoundRobin => "北京2026规程，循环赛", "Beijing 2026 regulations, round robin";
    TbPresetFideSwiss => "FIDE 瑞士制", "FIDE Swiss";
    TbPresetFideRoundRobin => "FIDE 循环赛", "FIDE round robin";
    PresetSource => "{}（{}）", "{} ({})";
    AwardPresets => "奖励办法方案", "Award presets";
    AwSeed000Men => "前八名（不足9人减一）·奖金至第16名·三级运动员·前32名获参赛资格", "Top 8 (one fewer below 9) · money to 16th · third-grade athlete · top 32 qualify";
    AwSeed000Women => "前八名（不足9人减一）·奖金至第8名·三级运动员", "Top 8 (one fewer below 9) · money to 8th · third-grade athlete";
    AwSeed002QualifierMen => "前八名·奖金至第32名·境外运动员前8名奖", "Top 8 · money to 32nd · best 8 overseas players";
    AwSeed002QualifierWomen => "前八名·奖金至第16名·境外运动员前8名奖", "Top 8 · money to 16th · best 8 overseas players";
    AwSeed002MainMen => "前八名·奖金至第32名", "Top 8 · money to 32nd";
    AwSeed002MainWomen => "前八名·奖金至第16名", "Top 8 · money to 16th";
    AwSeed004Open => "80人以内前八名、以上前十六名·奖金至第8名·棋协大师称号·晋级表", "Top 8 up to 80, else 16 · money to 8th · master titles · promotion table";
    AwSeed004GradeEvent => "80人以内前八名、以上前十六名·晋级表·达标或无望者不再编排", "Top 8 up to 80, else 16 · promotion table · promoted and hopeless players stop";
    AwSourceSeed000Men => "上海锦标赛男子组", "Shanghai championship, men";
    AwSourceSeed000Women => "上海锦标赛女子组", "Shanghai championship, women";
    AwSourceSeed002QualifierMen => "上海杯海选赛男子", "Shanghai Cup qualifier, men";
    AwSourceSeed002QualifierWomen => "上海杯海选赛女子", "Shanghai Cup qualifier, women";
    AwSourceSeed002MainMen => "上海杯正赛男子", "Shanghai Cup main event, men";
    AwSourceSeed002MainWomen => "上海杯正赛女子", "Shanghai Cup main event, women";
    AwSourceSeed004Open => "小世界杯公开组", "Little World Cup, open";
    AwSourceSeed004GradeEvent => "级位赛", "grade event";
    PrizesHelp => "名次:金额，用逗号分隔，如 1:2000, 2:1200, 4-6:500", "place:amount, comma-separated, e.g. 1:2000, 2:1200, 4-6:500";
    AwardsSummary => "称号：{}　特别奖：{}　晋级表 {} 项", "Titles: {}  Special prizes: {}  Promotion table: {} steps";
    // entrants
    Number => "序号", "No.";
    Name => "姓名", "Name";
    Sex => "性别", "Sex";
    Male => "男", "M";
    Female => "女", "F";
    BirthDate => "出生日期", "Birth date";
    Unit => "单位", "Unit";
    Rating => "等级分", "Rating";
    Grade => "级别", "Grade";
    Status => "状态", "Status";
    StatusActive => "参赛", "playing";
    StatusWithdrawn => "退出", "withdrawn";
    StatusExcluded => "取消资格", "excluded";
    AddEntrant => "添加选手", "Add entrant";
    SaveEntrant => "保存修改", "Save changes";
    RemoveEntrant => "删除选手", "Remove entrant";
    NewEntrant => "新选手", "New entrant";
    Search => "搜索（姓名/拼音首字母/单位/序号）", "Search (name, pinyin initials, unit, number)";
    EntrantCount => "人", "entrants";
    DrawLots => "抽签定序号", "Draw numbers by lot";
    LotSeed => "抽签种子", "Lot seed";
    DrawnWithSeed => "序号已按种子抽签", "Numbers drawn with seed";
    // the registration desk (签到 / 检录)
    ActCheckIn => "签到", "Check-in";
    ActCheckInLate => "迟到签到（自下一轮起编排）", "Late check-in (paired from the next round)";
    ActCheckInClose => "关闭签到", "Check-in closed";
    JournalCheckInClosed => "{}：已签到{}人；未到{}人退出第1轮：{}", "{}: {} checked in; {} absent, withdrawn from round 1: {}";
    ErrCheckInExcluded => "{} 已被取消比赛资格，不能签到。", "{} is excluded from the event and cannot check in.";
    ErrCheckInClosedAlready => "{} 的签到已经关闭（迟到选手仍可签到，自下一轮起编排）。", "Check-in of {} is closed already (late arrivals may still check in, paired from the next round).";
    ErrCheckInAfterRoundOne => "{} 第1轮已编排，不能再关闭签到；迟到选手仍可签到，自下一轮起编排。", "Round 1 of {} is paired: check-in can no longer be closed; late arrivals may still check in and are paired from the next round.";
    ErrCheckInStillOpen => "{} 只在已签到选手中抽签：请先关闭签到，再抽签。", "{} draws its lots among those checked in only: close check-in first, then draw.";
    CheckInDesk => "签到台", "Check-in desk";
    CheckInDeskHint => "门口签到用，只需键盘（Ctrl+K 进入或退出）", "For the door, keyboard only (Ctrl+K in and out)";
    CheckInBack => "返回选手名单", "Back to the entrants";
    CheckInField => "签到（序号、报名号、姓名、拼音首字母或扫参赛证）", "Check in (number, registration no., name, pinyin initials or card scan)";
    CheckInCount => "{}：已签到 {} / 报名 {}", "{}: checked in {} / entered {}";
    CheckInDone => "✓ {} 已签到（{}）", "✓ {} checked in ({})";
    CheckInAlready => "{} 已于 {} 签到，无需再签", "{} checked in already at {}";
    CheckInLateDone => "✓ {} 迟到签到（{}）：自第{}轮起编排", "✓ {} checked in late ({}): paired from round {}";
    CheckInNoMatch => "没有与“{}”相符的选手", "Nobody matches “{}”";
    CheckInPick => "{}人相符：用↑↓选择，Enter确认", "{} match: choose with ↑↓, confirm with Enter";
    CheckInNotYet => "未签到", "Not checked in";
    CheckInAt => "签到时间", "Checked in at";
    RegistrationNo => "报名号", "Reg. no.";
    CheckInClose => "关闭签到…", "Close check-in…";
    CheckInCloseAsk => "关闭 {} 的签到：未签到的 {} 人将退出第1轮（可撤销）。", "Close check-in of {}: the {} not checked in are withdrawn from round 1 (undoable).";
    CheckInCloseAskLots => "关闭 {} 的签到：未签到的 {} 人将退出，抽签只在已签到的 {} 人中进行（可撤销）。", "Close check-in of {}: the {} not checked in are withdrawn, and the lots are drawn among the {} checked in only (undoable).";
    CheckInCloseYes => "确认关闭签到", "Close check-in";
    CheckInCloseNo => "暂不关闭", "Not now";
    CheckInClosedNote => "签到已于 {} 关闭；迟到选手仍可签到，自下一轮起编排", "Check-in closed at {}; late arrivals may still check in and are paired from the next round";
    CheckInClosedDone => "{} 已关闭签到：{} 人未到，已退出第1轮", "Check-in of {} closed: {} absent, withdrawn from round 1";
    LotsAmongPresent => "只在已签到选手中抽签（关闭签到后抽签）", "Draw the lots among those checked in only (after check-in is closed)";
    CheckInAndLateness => "签到与迟到", "Check-in and lateness";
    LatenessFirst => "迟到时限：首轮（分钟）", "Lateness limit: round 1 (minutes)";
    LatenessLater => "其它轮次（分钟）", "later rounds (minutes)";
    LatenessHelp => "迟到超过时限未到赛桌就座者按弃权判负；0 为不设", "A player not at his board by then loses by forfeit; 0: none";
    // 迟到判负, 参赛证, 办证处, 奖金签收表 (issue 40)
    LatenessSame => "迟到时限：每轮{}分钟", "Lateness limit: {} minutes every round";
    LatenessSplit => "迟到时限：第1轮{}，其后各轮{}", "Lateness limit: {} in round 1, {} in later rounds";
    LatenessMinutes => "{}分钟", "{} minutes";
    LatenessNone => "不设", "none";
    LatenessRuleTail => "，逾时未到赛桌就座者按弃权判负", ", after which a player not at his board loses by forfeit";
    LatenessOnSlip => "本轮迟到时限{}分钟，逾时未到赛桌就座者按弃权判负", "Lateness limit this round: {} minutes; a player not at his board by then loses by forfeit";
    OutcomeRedLate => "红方迟到判负", "red late, forfeits";
    OutcomeWhiteLate => "白方迟到判负", "white late, forfeits";
    OutcomeBlackLate => "黑方迟到判负", "black late, forfeits";
    OutcomeBothLate => "双方迟到判负", "both late, both forfeit";
    ResultKeysLate => "L 红方迟到判负　Shift+L 黑方迟到判负", "L red late (forfeits)　Shift+L black late (forfeits)";
    ResultKeysLateChess => "L 白方迟到判负　Shift+L 黑方迟到判负", "L white late (forfeits)　Shift+L black late (forfeits)";
    ErrLateNeedsForfeit => "第{}台：迟到判负只用于弃权的结果", "Board {}: lateness goes with a forfeit result only";
    DocEntryCards => "参赛证", "Entry cards";
    EntryCardTitle => "参 赛 证", "ENTRY CARD";
    EntryCardField => "{}：{}", "{}: {}";
    DocCertificateOffice => "办证处名单", "Certificate office list";
    CertificateFee => "证书费（元）", "Certificate fee (yuan)";
    CertificateOfficeNote => "升级成功的棋手须携带原等级证书与参赛证至办证处录入成绩，并按晋升级别缴纳证书费用。", "Promoted players bring their old grade certificate and entry card to the certificate office, where the result is recorded and the fee of the new grade is paid.";
    CertificateOfficeSection => "{}（晋级{}人，证书费{}元）", "{} ({} promoted, fees {} yuan)";
    CertificateOfficeTotal => "合计：晋级{}人，证书费{}元", "Total: {} promoted, fees {} yuan";
    NobodyPromoted => "无晋级棋手", "Nobody promoted";
    FeeNotSet => "未定", "not set";
    FeeNotSetNote => "证书费未定的级别：{}（不计入合计）", "No fee set for: {} (not in the total)";
    CertificateFees => "证书费用", "Certificate fees";
    CertificateFeesHelp => "晋升级别:元，如 棋协一级棋士:150, 棋协二级棋士:135", "grade reached:yuan, e.g. Class 1:150, Class 2:135";
    DocPrizeReceipts => "奖金签收表", "Prize receipts";
    PrizeReceiptsNone => "没有组别发奖金：奖金在“赛事”页各组别的“个人奖金”中设置，比赛开始后列出。", "No section pays prize money: it is set under Prize money for each section in the Event tab, and listed once play has begun.";
    PrizeReceiptsSection => "{}（奖金{}，合计{}元）", "{} (prize money {}, total {} yuan)";
    PrizeReceiptsTotal => "全部合计：{}元", "Grand total: {} yuan";
    AmountTax => "金额（元，{}）", "Amount (yuan, {})";
    TaxBasisLabel => "税前/税后", "Tax";
    ReceivedOn => "日期", "Date";
    NoPrizeMoney => "本组别未设奖金", "No prize money in this section";
    SaveWorkbook => "保存XLSX…", "Save XLSX…";
    DocSignInSheet => "签到表", "Sign-in sheet";
    SignHere => "签名", "Signature";
    NoUnit => "（无单位）", "(no unit)";
    CheckInAllIn => "全部已签到", "Everyone has checked in";
    UnitHeadCount => "{}（{}人）", "{} ({} players)";
    // fees at the registration desk (缴费)
    Fee => "报名费", "Entry fee";
    FeeHeading => "报名费（缴费）", "Entry fee";
    FeeName => "费用名称", "Name of the fee";
    FeeAmount => "金额（元）", "Amount (yuan)";
    FeeMemberAmount => "会员（元）", "Members (yuan)";
    FeeOverseasAmount => "境外（元）", "Overseas (yuan)";
    FeeUnitsAmount => "单位优惠（每行：单位、单位…=金额）", "Unit rates (one a line: unit, unit… = amount)";
    FeeSettingsHelp => "金额空着即不收费；有几项优惠时按最低的收", "No amount: no fee; with several reduced rates the lowest applies";
    FeeUnitsLineBad => "第{}行应写成“单位、单位=金额”", "Line {} should read “unit, unit = amount”";
    FeeLine => "{} {} 元", "{} {} yuan";
    FeePartSeparator => "；", "; ";
    FeeNone => "{}：不收费", "{}: no fee";
    FeeRate => "费率", "Rate";
    FeeBasisMember => "会员价", "member rate";
    FeeBasisOverseas => "境外", "overseas";
    FeeDue => "应缴", "Due";
    FeePaid => "已缴", "Paid";
    FeeRefunded => "已退", "Refunded";
    FeeOutstanding => "未缴", "Outstanding";
    FeeState => "缴费状态", "Payment";
    FeeStateNoFee => "不收费", "no fee";
    PaymentUnpaid => "未缴", "Not paid";
    PaymentPaid => "已缴", "Paid";
    PaymentRefunded => "已退费", "Refunded";
    PaymentMethodLabel => "缴费方式", "Method";
    MethodCash => "现金", "Cash";
    MethodWeChat => "微信", "WeChat";
    MethodAlipay => "支付宝", "Alipay";
    MethodTransfer => "转账", "Bank transfer";
    MethodOther => "其他", "Other";
    Receipt => "收据号", "Receipt no.";
    DocFeeList => "缴费名单", "Fee list";
    FeeSubtotal => "{} 小计", "{} subtotal";
    FeeSectionTotal => "{} 合计", "{} total";
    FeeEventTotal => "全部组别合计", "All sections";
    FeeBySection => "各组别合计", "Totals by section";
    FeeByUnit => "各单位合计", "Totals by unit";
    FeeSignLine => "经办人签字：＿＿＿＿＿＿＿＿　　复核人签字：＿＿＿＿＿＿＿＿　　日期：＿＿＿＿＿＿", "Received by: ______________    Checked by: ______________    Date: __________";
    FeeCount => "{}：已缴费 {} / 应缴 {} 人；实收 {} 元，未缴 {} 元", "{}: paid {} / {} owing; received {} yuan, outstanding {} yuan";
    ActFeePay => "缴费", "Fee paid";
    ActFeeRefund => "退费", "Fee refunded";
    JournalPayment => "{}：{} {} {} 元", "{}: {} {} {} yuan";
    JournalPaymentMethod => "（{}）", " ({})";
    JournalPaymentReceipt => "收据号 {}", "receipt {}";
    ErrFeeHousePlayer => "补双选手是承办方的，不缴报名费。", "The house player is the organiser's and pays no fee.";
    ErrFeeAlreadyPaid => "{} 已缴费 {} 元。如记错了，请撤销（Ctrl+Z）或先退费再重记。", "{} has paid {} yuan already. If that was a mistake, undo it (Ctrl+Z) or refund first.";
    ErrFeeNotSet => "{} 未设报名费：请写明金额，或先在组别设置中设定费用。", "{} charges no fee: give the amount, or set the fee in the section's settings first.";
    ErrFeeNotPaid => "{} 未缴费，无可退。", "{} has not paid: nothing to refund.";
    FeeDeskKey => "F2 缴费", "F2 fee";
    FeeDeskPick => "先输入或扫描一名选手（或刚签到的选手），再按 F2 登记缴费", "Type or scan one player (or check one in) first, then press F2 to record his fee";
    FeeDeskFor => "{} 缴费 — 应缴 {}", "{} pays — due {}";
    FeeDeskHint => "Enter 确认，Esc 取消，↑↓ 选择缴费方式，Tab 到收据号", "Enter records, Esc cancels, ↑↓ choose the method, Tab to the receipt no.";
    FeeDeskNothingDue => "（不收费）", "(no fee)";
    FeeRecorded => "✓ {} 已缴费 {} 元（{}）", "✓ {} paid {} yuan ({})";
    FeeRefundDone => "✓ {} 已退费 {} 元", "✓ {} refunded {} yuan";
    FeePayButton => "登记缴费", "Record payment";
    FeeRefundButton => "退费", "Refund";
    FeeOf => "{} 元（{}）", "{} yuan ({})";
    ImportPaidColumn => "缴费情况取自第{}列“{}”", "Payments read from column {} “{}”";
    ErrImportPaid => "“{}”不是缴费状态或金额（可写：已缴费、未缴费、已退款、是、否，或整元金额）", "“{}” is no payment state or amount (write: paid, unpaid, refunded, yes, no, or an amount in whole yuan)";
    ErrImportPaidNoFee => "写明已缴费而未写金额，本组别又未设报名费：请先在组别设置中设定报名费", "Paid, with no amount written, and the section sets no fee: set the fee in the section's settings first";
    // pairings and results
    Round => "轮次", "Round";
    RoundN => "第{}轮", "Round {}";
    CheckBetterBye => "轮空应给{}", "the bye should go to {}";
    CheckBetterPairs => "有更好的编排（首先在“{}”上更好）", "a better pairing exists (better first on {})";
    CheckRoundClean => "第{}轮：没有违反绝对规则，也没有更好的编排", "Round {}: no break, no better pairing";
    CheckRoundNotPaired => "第{}轮：尚未编排", "Round {}: not paired";
    CheckWhat => "check：请指明检查什么：--dutch 文件.trf、--standings 文件.trf，或 xiangqi 赛事文件 --section 组别", "check: name what to check: --dutch FILE.trf, --standings FILE.trf, or xiangqi FILE --section S";
    RoundLine => "第{}轮：{}", "Round {}: {}";
    CliDutchDiffers => "{}：有{}轮与荷兰制编排不同：第{}轮", "{}: {} round(s) differ from the Dutch pairing: round {}";
    CliOutputExists => "{} 已存在（加 --force 覆盖）", "{} exists (--force replaces it)";
    CheckFoundProblems => "检查发现问题（见上）", "the checker found problems (above)";
    Board => "台次", "Board";
    Red => "红方", "Red";
    Black => "黑方", "Black";
    White => "白方", "White";
    Result => "结果", "Result";
    Bye => "轮空", "bye";
    Pairing => "正在编排…", "Pairing…";
    PairNextRound => "编排下一轮", "Pair next round";
    UnpairLastRound => "撤销最后一轮编排", "Unpair last round";
    ConfirmUnpair => "确定撤销该轮？其全部对阵与成绩将被删除。", "Unpair this round? All its boards and results are deleted.";
    Confirm => "确定", "Confirm";
    Cancel => "取消", "Cancel";
    ExportPdf => "导出PDF：", "Export PDF:";
    Exported => "已导出", "Exported";
    NoRounds => "尚未编排", "Not paired yet";
    ResultKeysHelpChess => "键盘：1 白胜　= 和　0 黑胜　+ 黑方弃权　- 白方弃权　X 双方弃权　A 暂停　Del 清除　↑↓ 移动　PgUp/PgDn 换轮",
                      "Keys: 1 white wins  = draw  0 black wins  + black forfeits  - white forfeits  X both forfeit  A adjourn  Del clear  ↑↓ move  PgUp/PgDn round";
    ResultKeysHelp => "键盘：1 红胜　= 和　0 黑胜　+ 黑方弃权　- 红方弃权　X 双方弃权　A 暂停　Del 清除　↑↓ 移动　F/G 红/黑犯规+1　PgUp/PgDn 换轮",
                      "Keys: 1 red wins  = draw  0 black wins  + black forfeits  - red forfeits  X both forfeit  A adjourn  Del clear  ↑↓ move  F/G foul red/black +1  PgUp/PgDn round";
    Adjourned => "暂停", "adjourned";
    AdjournAndPairTitle => "第{}轮尚有对局未结束", "Round {}: games not finished";
    AdjournAndPairHelp => "{}尚无成绩。记为暂停对局后即可编排下一轮：编排时按和棋计，成绩录入前名次为非最终名次，成绩册和TRF待成绩录入后再导出。", "{} without a result. Adjourned, they count as draws for pairing the next round; until their results are in, the standings are not final and the result book and TRF wait.";
    AdjournAndPair => "记为暂停并编排下一轮", "Adjourn them and pair the next round";
    BoardsList => "第{}台", "Board {}";
    Fouls => "犯规", "Fouls";
    PhaseSlow => "慢棋", "Slow";
    PhaseRapid => "快棋", "Rapid";
    PhaseSuddenDeath => "超快棋决胜", "Sudden death";
    PhaseArmageddon => "附加赛（和棋黑胜）", "Armageddon";
    // bracket (knockout and playoff)
    PlayoffPlayers => "交叉赛人数（0＝无）", "Playoff players (0 = none)";
    PlayoffAfterRound => "交叉赛在第几轮后", "Playoff after round";
    Qualification => "分阶段晋级", "Staged qualification";
    Wildcard => "外卡", "Wildcard";
    GameKind => "局别", "Game";
    TitlesHelp => "名次:称号[:至少上场人数]，如 1-8:三级运动员:15", "places:title[:players who must have played], e.g. 1-8:Class 3 athlete:15";
    QualificationSeed002 => "上海杯海选赛（9轮后8人、10轮后8人、11轮后10人、境外4人、外卡2人）", "Shanghai Cup qualifier (8 after R9, 8 after R10, 10 after R11, 4 overseas, 2 wildcards)";
    QualificationHint => "9:8, 10:8, 11:10, 境外运动员:4, 外卡:2", "9:8, 10:8, 11:10, Overseas:4, Wildcard:2";
    QualificationHelp => "轮次:人数 — 该轮后未晋级者前若干名晋级并退出编排；名单:人数 — 如境外运动员按其排名顺延；外卡:人数 — 选手标记“外卡”", "round:count — after that round the best not yet qualified qualify and leave the pairing; list:count — e.g. overseas players, by their ranking; Wildcard:count — entrants flagged Wildcard";
    ListItemBad => "第{}项“{}”：{}", "item {} “{}”: {}";
    ItemNoColon => "缺少“:”", "“:” is missing";
    ItemPlaces => "名次应写作 4 或 4-6", "places are written 4 or 4-6";
    ItemAmount => "金额应为不小于0的整数", "the amount must be a whole number, 0 or more";
    ItemCount => "人数应为不小于0的整数", "the count must be a whole number, 0 or more";
    ItemTitle => "缺少称号", "the title is missing";
    ItemExtraPart => "多出一段", "one part too many";
    ItemRoundZero => "轮次从1起", "rounds start at 1";
    ItemName => "缺少名单名称", "the list's name is missing";
    ItemGrades => "应写作“原级别>晋升级别”", "write “from grade>to grade”";
    ItemRate => "应为得分率（如 65%，不超过100%）或分数（如 4.5分）", "write a score rate (e.g. 65%, at most 100%) or points (e.g. 4.5 points)";
    TiebreakUnknown => "第{}项“{}”：没有这种名次区分办法", "item {} “{}”: no such tiebreak";
    TiebreakModifier => "第{0}项：{1}的修饰“{2}”无效", "item {0}: bad modifier “{2}” on {1}";
    TiebreakListEmpty => "名次区分办法不能为空", "the tiebreak list is empty";
    OthersPlayOn => "其余选手继续积分编排", "The others play on in the Swiss";
    Playoff => "交叉赛", "Playoff";
    MatchFormat => "对局赛制", "Match format";
    FormatSeed002 => "两局分先，平则两局超快棋，再平超快棋决胜（上海杯正赛）", "Two games, then two super-rapid, then sudden death (Shanghai Cup)";
    FormatSeed000 => "一局慢棋，平则快棋，再平附加赛（上海锦标赛交叉赛）", "One slow game, then rapid, then Armageddon (Shanghai championship)";
    AddSuddenDeath => "增加超快棋决胜阶段", "Add a sudden-death phase";
    RemoveLastPhase => "删除最后一个阶段", "Remove the last phase";
    PhaseGames => "{}{}局", "{} ×{}";
    PhaseWithColours => "{}（{}）", "{} ({})";
    ColourLot => "猜先", "colours by lot";
    ColourSwap => "换先", "colours swapped";
    ColourHigherSeed => "排名在前者选先后手", "higher seed chooses";
    ColourLotWinner => "抽签胜者选先后手", "winner of a lot chooses";
    PairNextGames => "编排下一场", "Pair next games";
    KnockoutHeading => "淘汰赛对阵图", "Knockout bracket";
    PlayoffHeading => "前{}名交叉赛（第{}轮后）", "Top-{} playoff (after round {})";
    StageFinal => "决赛", "Final";
    StageSemiFinal => "半决赛", "Semi-finals";
    StageQuarterFinal => "四分之一决赛", "Quarter-finals";
    StageRoundOf => "{}强", "Last {}";
    ThirdPlaceMatch => "三四名决赛", "Match for third place";
    StageInRound => "{}（第{}轮）", "{} (round {})";
    MatchWaiting => "待定", "waiting";
    MatchInProgress => "比赛中", "in progress";
    MatchNeedsGame => "待编排：{}", "to pair: {}";
    MatchWon => "{} 胜出", "{} goes through";
    MatchExhausted => "加赛已下完仍平，须增加加赛阶段", "level after every phase: add a phase";
    MatchBye => "轮空", "bye";
    PlacesSoFar => "名次", "Places";
    FinalPlacesHeading => "最终名次（交叉赛定前{}名，其后按积分编排名次）", "Final places (the playoff gives 1–{}, the Swiss the rest)";
    PlaceSingle => "第{}名", "{}";
    PlaceRange => "第{}–{}名", "{}–{}";
    ChooseColourTitle => "选择先后手", "Choose colours";
    ChooseColourFor => "{} 选择先后手：", "{} chooses:";
    ChooseColourKeys => "R 执红（先手）　B 执黑（后手）　Esc 取消", "R red (moves first)  B black  Esc cancel";
    ChooseColourKeysChess => "W 执白　B 执黑　Esc 取消", "W white  B black  Esc cancel";
    TakeRed => "执红", "Red";
    TakeWhite => "执白", "White";
    TakeBlack => "执黑", "Black";
    PairedGamesInRound => "已编排 {} 局，第{}轮（在“成绩”页录入）", "{} games paired in round {} (enter results in the Results tab)";
    BracketKeysHelp => "含加赛；成绩在“成绩”页录入（Ctrl+4）", "tie-breaks included; results go in the Results tab (Ctrl+4)";
    ActKnockoutPair => "编排淘汰赛对局", "Match games paired";
    Explanation => "编排说明", "Why these two";
    Points => "积分", "Points";
    Rank => "名次", "Rank";
    ByLot => "抽签", "by lot";
    StandingsAfter => "第{}轮后排名", "Standings after round {}";
    OutcomeRedWin => "红胜", "red wins";
    BeforeTax => "税前", "before tax";
    AfterTax => "税后", "after tax";
    PointsWin => "胜", "Win";
    PointsDraw => "和", "Draw";
    PointsLoss => "负", "Loss";
    PointsForfeitWin => "对方弃权（判胜）", "Opponent forfeits (won)";
    PointsForfeitLoss => "弃权（判负）", "Forfeits (lost)";
    OutcomeDraw => "和", "draw";
    OutcomeBlackWin => "黑胜", "black wins";
    OutcomeWhiteWin => "白胜", "white wins";
    OutcomeWhiteForfeits => "白方弃权", "white forfeits";
    OutcomeRedWinByForfeit => "黑方弃权", "black forfeits";
    OutcomeBlackWinByForfeit => "红方弃权", "red forfeits";
    OutcomeDoubleForfeit => "双方弃权", "both forfeit";
    NoSection => "请先添加组别", "Add a section first";
    // the arbiter's desk: manual pairing edits and corrections
    ManualEditHelp => "键盘：↑↓←→ 选位置　Enter 选定/与选定者对调　C 交换先后手　Esc 取消选定　PgUp/PgDn 换轮",
                      "Keys: ↑↓←→ choose a seat  Enter mark / swap with the marked seat  C swap colours  Esc unmark  PgUp/PgDn round";
    Marked => "已选定：{}", "Marked: {}";
    ConfirmEdit => "确认人工调整", "Confirm the manual change";
    NoWarnings => "不违反任何编排规则。", "No pairing rule is broken.";
    WarningsHeading => "此调整违反下列规则，确定后仍将执行：", "This change breaks the rules below; confirm to make it anyway:";
    EnterConfirmEscCancel => "Enter 确定　Esc 取消", "Enter confirm  Esc cancel";
    WarnRematch => "第{}台：两人已交过手（重复对局）", "Board {}: the two have already met (rematch)";
    WarnSameUnit => "第{}台：同单位选手相遇（同队回避）", "Board {}: same-unit players meet";
    WarnProhibited => "第{}台：两人禁止配对", "Board {}: the two may not be paired (prohibited pairing)";
    WarnColourPreference => "第{}台：两人执子方都与应得的相反，互换即两全", "Board {}: each player has the colour the other is due; swapping them would suit both";
    WarnColourLimit => "第{}台：{} 违反先后手限制（禁连三/禁多三）", "Board {}: {} breaks the colour limits";
    WarnSecondBye => "{} 已轮空过，不能再轮空", "{} has had a bye already";
    WarnExcluded => "{} 因弃权已不再编排", "{} is no longer paired after forfeits";
    WarnHouseNotNeeded => "补双选手 {} 本轮不应参赛：其余选手为双数", "House player {} should sit this round out: the others are even in number";
    WarnHouseLeftOut => "有轮空，而补双选手 {} 未参赛：其余选手为单数", "A bye was given while house player {} sat out: the others are odd in number";
    WarnDuplicate => "{} 在本轮出现两次", "{} appears twice in the round";
    ActRoundEdit => "人工调整对阵", "Manual pairing change";
    ActResultCorrect => "更正成绩", "Result corrected";
    ActAdjourn => "暂停对局", "Games adjourned";
    ActResume => "取消暂停", "Adjournment taken back";
    Reason => "更正原因", "Reason";
    CorrectionTitle => "更正第{}轮成绩", "Correct a result of round {}";
    CorrectionHelp => "这不是最新一轮。请输入更正原因（将记入日志），Enter 确定，Esc 取消。", "This is not the latest round. Type the reason (it is journaled); Enter confirms, Esc cancels.";
    ErrEditNotLastRound => "只能人工调整最后一轮的对阵。", "Only the last round can be changed by hand.";
    ErrBoardHasResult => "第{}台已有成绩；请先清除成绩再调整。", "Board {} has a result; clear it before changing the board.";
    ErrSameSeat => "请选择两个不同的位置。", "Choose two different seats.";
    ErrUnconfirmedWarnings => "有 {} 条警告尚未确认。", "{} warnings are not confirmed.";
    // FIDE mode (国际象棋组别的FIDE模式), warning levels, manual pairing phase
    ErrManualDraftStale => "人工编排开始后本轮对阵已改变，请重新进入人工编排。", "The round changed since manual pairing began; enter manual pairing again.";
    ManualPhaseEnter => "人工编排", "Manual pairing";
    ManualPhaseLeave => "结束人工编排", "Leave manual pairing";
    ManualPhaseBanner => "人工编排中：修改只在确定后保存。Enter 选定/对调　C 交换先后手　M 结束并比较", "Manual pairing: changes are kept only once confirmed. Enter mark / swap  C swap colours  M leave and compare";
    ManualCompareTitle => "人工编排与编排程序对比（第{}轮）", "Manual pairing against the engine (round {})";
    ManualEngineColumn => "编排程序", "Engine";
    ManualArbiterColumn => "人工编排", "Arbiter";
    ManualDifferences => "不同之处（{}处）：", "Differences ({}):";
    ManualNoDifference => "与编排程序的对阵相同。", "The same as the engine's pairing.";
    ManualDifference => "第{}台：编排程序 {}，人工 {}", "Board {}: engine {}, arbiter {}";
    ManualByeDifference => "轮空：编排程序 {}，人工 {}", "Bye: engine {}, arbiter {}";
    ManualConfirm => "确定并记录", "Confirm and log";
    ManualBackToEdit => "继续修改", "Keep editing";
    ManualDiscard => "放弃修改", "Discard the changes";
    ManualStored => "人工编排已保存并记录。", "The manual pairing is stored and logged.";
    NoBoard => "无", "none";
    ErrNotInFideMode => "本组别不在FIDE模式。", "The section is not in FIDE mode.";
    ErrConfirmationMismatch => "输入的确认文字与组别名称不符。", "The typed confirmation is not the section's name.";
    ErrLeavesFideMode => "第1轮编排后增加禁止配对将使本组别退出FIDE模式，须先确认。", "A prohibited pairing added after round 1 takes the section out of FIDE mode; confirm it first.";
    FideLeaveReason => "退出原因", "Reason for leaving";
    FideMode => "FIDE模式", "FIDE mode";
    FideModeOn => "FIDE模式（等级分赛）：编排按FIDE规则，违规操作须确认并记入TRF", "FIDE mode (rated): pairing by the FIDE rules; actions against them need confirmation and are written into the TRF";
    FideModeLeft => "已退出FIDE模式（不可恢复）", "Left FIDE mode (for good)";
    FideLeaveButton => "退出FIDE模式…", "Leave FIDE mode…";
    FideLeaveTitle => "退出FIDE模式", "Leave FIDE mode";
    FideLeaveWarning => "严重警告：退出后本组别不再按FIDE规则受保护，此操作不可撤销，并将记入日志和TRF文件。", "Strong warning: once left, the section is no longer held to the FIDE rules. This cannot be undone, and is written into the journal and the TRF file.";
    TypeSectionName => "请输入组别名称“{}”以确认：", "Type the section's name \"{}\" to confirm:";
    FideProhibitWarning => "严重警告：第1轮编排后增加禁止配对，本组别将退出FIDE模式（不可恢复）。", "Strong warning: a prohibited pairing added after round 1 takes the section out of FIDE mode, for good.";
    ConfirmButton => "确定", "Confirm";
    CancelButton => "取消", "Cancel";
    ActFideLeave => "退出FIDE模式", "Left FIDE mode";
    ActManualPairing => "人工编排", "Manual pairing";
    ActWarningOverridden => "越过警告", "Warning overridden";
    JournalFideLeft => "{} 第{}轮后退出FIDE模式：{}", "{} left FIDE mode after round {}: {}";
    JournalEndedEarly => "{} 第{}轮无法编排（{}已无可配对的对手），比赛在第{}轮后结束", "{}: round {} could not be paired ({} had no opponent left); the section ends after round {}";
    ErrEndedEarly => "第{}轮无法编排：仍在比赛的{}已无可配对的对手（均已相遇），本组比赛在第{}轮后结束，已记入日志（可撤销）。", "Round {} cannot be paired: {}, still in play, have no opponent left (they have all met); the section ends after round {}, journaled (undoable).";
    JournalFideProhibited => "增加禁止配对 {}-{}", "prohibited pairing {}-{} added";
    JournalManualPairing => "{} 第{}轮 人工编排，与编排程序不同之处：{}", "{} round {} paired by hand; differs from the engine: {}";
    JournalWarningOverridden => "{}（{}）", "{} ({})";
    ErrRuleWarnings => "此操作违反规则，须确认：{}", "This goes against the rules and needs confirmation: {}";
    RuleWarningsTitle => "违反规则的操作", "An action against the rules";
    RuleWarningsStrongHelp => "其中有严重警告：请输入组别名称“{}”以确认：", "A strong warning among them: type the section's name \"{}\" to confirm:";
    LevelNotice => "提示", "Notice";
    LevelWarning => "警告", "Warning";
    LevelRefused => "FIDE模式下不允许", "Not allowed in FIDE mode";
    LevelStrong => "严重警告", "Strong warning";
    RwLeaveFide => "退出FIDE模式", "Leaving FIDE mode";
    RwProhibitedAfterOne => "第1轮后增加禁止配对", "A prohibited pairing added after round 1";
    RwTiebreaksChanged => "第1轮后更改名次区分办法", "The tiebreak list changed after round 1";
    RwOldResult => "更正两轮以前的成绩（第{}轮第{}台）", "A result two or more rounds back changed (round {}, board {})";
    RwRoundsChanged => "比赛开始后更改轮数（{}轮改为{}轮）", "The number of rounds changed once the event began ({} to {})";
    RwByeAboveWin => "轮空得分高于胜局得分", "A bye scores more than a win";
    RwTwoDrawsAboveWinLoss => "两局和棋得分高于一胜一负", "Two draws score more than a win and a loss";
    RwRenumber => "第4轮后重新排定序号", "Pairing numbers changed after round 4";
    RwAdjournedResult => "暂停对局的成绩不是和棋（第{}轮第{}台），而之后一轮编排时已按和棋计", "An adjourned game did not end in a draw (round {}, board {}) though a later round was paired counting it as one";
    RwNowFinal => "轮数改后第{}轮成为最后一轮，但它是按非最后一轮编排的：请撤销第{}轮并重新编排", "Round {} becomes the final round, but it was paired as an ordinary one: unpair round {} and pair it again";
    RwNoLongerFinal => "轮数改后第{}轮不再是最后一轮，但它是按最后一轮编排的：请撤销第{}轮并重新编排", "Round {} is no longer the final round, but it was paired as the final one: unpair round {} and pair it again";
    RwRoundsExceedField => "{}名选手的积分编排最多能排出不重复对手的轮数少于设定的{}轮，后面的轮次可能无法编排", "{} players cannot play the {} rounds set without meeting again: later rounds may not be paired";
    RwAdjournmentOpen => "第{}轮第{}台仍为暂停对局，本轮编排仍按和棋计", "Round {}, board {} is still adjourned; this round's pairing counts it as a draw again";
    ErrReasonRequired => "第{}轮不是最新一轮：更正成绩须填写原因。", "Round {} is not the latest: a correction needs a reason.";
    // documents
    PairingSheetTitle => "对阵表", "Pairings";
    SlipsTitle => "记分单", " result slips";
    BoardN => "第{}台", "Board {}";
    Signature => "签名", " signature";
    Arbiter => "裁判员", "Arbiter";
    DocPairingSheet => "对阵表", "Pairing sheet";
    DocWallSheet => "对阵表（上墙大字）", "Pairing sheet (wall, large print)";
    DocSlips => "记分单", "Result slips";
    OrderBookTitle => "秩序册", "Order book";
    Dates => "比赛日期", "Dates";
    RulesInBrief => "竞赛办法", "Rules in brief";
    EntrantsByUnit => "参赛名单（按单位）", "Entrants by unit";
    DocOrderBook => "秩序册", "Order book";
    ExportOrderBook => "导出秩序册PDF", "Export the order book PDF";
    LotSeedLine => "序号由电脑抽签确定，抽签种子 {}", "Numbers drawn by lot, seed {}";
    RoundsLine => "{}，共{}轮", "{}, {} rounds";
    PointsLine => "记分：{}", "Scoring: {}";
    DocPinyinList => "对阵查询表（按拼音）", "Players A–Z with their boards";
    PinyinListTitle => "对阵查询表", " players A–Z";
    Colour => "先后", "Colour";
    PrintedAt => "打印时间", "Printed";
    PageOf => "第 {} 页 / 共 {} 页", "Page {} of {}";
    // errors
    ErrEmptyFile => "{}：文件是空的，不是编排赛事文件。文件未作任何改动。", "{}: the file is empty, not a Bianpai event file. It was left unchanged.";
    ErrNotOurs => "{}：不是编排赛事文件。文件未作任何改动。", "{}: not a Bianpai event file. It was left unchanged.";
    ErrNewer => "{}：此文件由更新版本的编排软件写入（文件版本 {}，本程序最高支持 {}），请升级软件。文件未作任何改动。",
                "{}: written by a newer Bianpai (file schema {}, this program reads up to {}). Please upgrade. The file was left unchanged.";
    ErrInUse => "{}：此文件已在另一个编排窗口中打开（进程 {}），不能同时修改。请在那个窗口里操作，或先关闭它。", "{}: the file is open in another Bianpai window (process {}); two cannot change it at once. Work in that window, or close it first.";
    ErrInUseCommand => "{}：另一个编排命令正在使用此文件（例如 serve 或一次较长的导入），不能同时修改。请等它结束后再试。", "{}: another Bianpai command is using the file (serve, or a long import); two cannot change it at once. Try again when it has finished.";
    ErrInUseHere => "{}：此文件已在本窗口中打开。", "{}: the file is open in this window already.";
    ErrExists => "{}：同名文件已存在。", "{}: a file of that name already exists.";
    ErrExportOntoEvent => "{}：这是赛事文件或备份（或数据库文件及其 -wal/-shm/-journal 文件），任何输出都不能覆盖它，--force 也不行。请另选文件名。", "{}: this is an event file or a backup (or a database, or its -wal/-shm/-journal file); no output may replace it, not even with --force. Choose another name.";
    ErrReadOnly => "{}：此赛事只读打开（{}），不能修改；可以查看、排名和导出。", "{}: this event is open for reading only ({}); it cannot be changed, but it can be viewed, ranked and exported.";
    ReadOnlyBanner => "只读：{}。可以查看、排名和导出，不能修改。要修改，请把文件复制到可写的位置后打开副本。", "Read only: {}. You can view, rank and export, not change. To change it, copy the file somewhere writable and open the copy.";
    ReadOnlyAttribute => "文件设为只读", "the file is marked read-only";
    ReadOnlyMedium => "文件所在的磁盘或文件夹不可写（写保护的U盘、光盘等）", "its disk or folder takes no writes (a write-protected USB stick, a CD …)";
    ReadOnlyOtherNames => "此文件另有 {} 个名称（硬链接），通过一个名称写入的成绩可能从另一个名称丢失", "the file has {} other names (hard links); results written through one name could be lost through another";
    Flags => "标记", "Flags";
    BackupFailedAfterPairing => "第{}轮已编排并保存，但本轮备份未能写入：{}", "Round {} is paired and stored, but its backup could not be written: {}";
    ErrTooLong => "{}太长：最多{}个字。", "{} is too long: at most {} characters.";
    ErrFileExists => "{}：文件已存在，未覆盖。", "{}: the file exists and was not replaced.";
    ConfirmOverwrite => "{}已存在。覆盖它吗？", "{} exists. Replace it?";
    Overwrite => "覆盖", "Replace";
    ErrIo => "{}：无法读写文件（{}）。", "{}: cannot read or write the file ({}).";
    IoNotFound => "文件不存在", "no such file";
    IoPermissionDenied => "没有权限", "permission denied";
    IoIsADirectory => "这是一个文件夹", "it is a folder";
    IoStorageFull => "磁盘已满", "the disk is full";
    IoReadOnly => "磁盘只读", "the disk is read-only";
    IoOther => "系统错误 {}", "system error {}";
    ErrDatabase => "数据库错误：{}", "Database error: {}";
    ErrDamagedWithBackup => "{}：文件已损坏，无法打开，文件未被改动。请打开最近的备份：{}（打开后另存为新文件继续比赛）。", "{}: the file is damaged and cannot be opened; it was not changed. Open the latest backup: {} (then save it under a new name and go on).";
    ErrDamagedNoBackup => "{}：文件已损坏，无法打开，文件未被改动。此文件旁没有备份文件夹（“名称.backups”）；请找回早先复制的赛事文件。", "{}: the file is damaged and cannot be opened; it was not changed. There is no backup folder (\"name.backups\") beside it; find an earlier copy of the event file.";
    ErrDamagedData => "赛事文件已损坏，本次操作未保存。请在“日志”页用最近的备份恢复。", "The event file is damaged; this action was not saved. Restore the latest backup from the Journal tab.";
    ErrDiskFull => "磁盘已满，本次操作未保存，已保存的成绩不受影响。请腾出磁盘空间后重试。", "The disk is full: this action was not saved; what was saved before is safe. Free some space and try again.";
    ErrCannotWrite => "无法写入赛事文件（文件只读、无权限或所在磁盘已拔出）。本次操作未保存。", "The event file cannot be written (read-only, no permission, or its disk was removed). This action was not saved.";
    ErrWorkerDied => "后台工作意外中止，未完成，什么也没有写入。请重试；若再次发生，请保存日志并报告。", "The work in the background stopped unexpectedly and did not finish; nothing was written. Try again; if it happens again, keep the log and report it.";
    ErrCorrupt => "文件内容已损坏：{}", "The stored data is damaged: {}";
    ErrFieldEmpty => "“{}”不能为空。", "“{}” must not be empty.";
    ErrFieldInvalid => "“{}”的值“{}”无效：{}", "“{}”: the value “{}” is invalid: {}";
    ErrNoSuch => "找不到{}。", "No such {}.";
    ErrNoSuchEntrant => "本组没有序号或姓名为“{}”的选手。", "No entrant of the section has the number or name “{}”.";
    ErrEntrantAmbiguous => "本组有几名选手叫“{}”：请用序号指明。", "Several entrants of the section are named “{}”: give the number.";
    ErrSectionExists => "已有名为“{}”的组别：组别名称不能重复（-s 按名称找组别）。", "A section named “{}” exists already: section names must differ (-s finds a section by its name).";
    PointsAdjustments => "加减分", "Points bonuses and penalties";
    ErrNoSuchBoard => "本轮没有第{}台。", "The round has no board {}.";
    NumberByHandHint => "序号由抽签确定；按晋级名单等排定种子时可在第1轮编排前手工修改", "Numbers come from the draw; to seed from a list (a qualified list …) change them by hand before round 1 is paired";
    ErrNumberTaken => "序号 {} 已是 {} 的序号。", "Pairing number {} is already {}'s.";
    ErrNumbersFixed => "第1轮已编排，序号不能再改。", "Pairing numbers are fixed once round 1 is paired.";
    ErrEntrantHasGames => "{} 已有对局，不能删除；请改为“退出”。", "{} has games and cannot be removed; mark the entrant withdrawn instead.";
    ErrAlreadyPaired => "第{}轮已编排，不能再抽签。", "Round {} is paired; numbers can no longer be drawn.";
    ErrNoEntrants => "没有可编排的选手。", "No entrants to pair.";
    ErrNoValidPairing => "第{}轮：没有符合绝对规则的编排，无法编排。", "Round {}: no pairing respects the absolute rules; it cannot be paired.";
    ErrNotDrawn => "尚未抽签定序号（{}没有序号），未编排：请先抽签（选手页“抽签定序号”，或 bianpai draw）。", "Pairing numbers have not been drawn ({} has none); nothing was paired: draw them first (Entrants tab, “Draw numbers by lot”, or bianpai draw).";
    ErrRoundIncomplete => "第{}轮还有未录入的成绩。", "Round {} still has boards without a result.";
    ByeRequests => "申请轮空：", "Requested byes:";
    ByeRequestAdd => "申请", "Request";
    ByeRequestCancel => "撤回", "Withdraw";
    ByeRequestHelp => "申请轮空：请填写选手序号和轮次（轮次不填即下一轮）。", "Requested bye: type the player's number and the round (empty: the next round).";
    ErrByeRequestNotDutch => "只有国际象棋瑞士制（荷兰制）组别可以申请轮空。", "Only a Dutch (chess Swiss) section takes requested byes.";
    ErrByeRequestKind => "申请轮空须为整分、半分或零分轮空。", "A requested bye is a full-point, half-point or zero-point bye.";
    ErrByeRequestRound => "第{}轮不能申请轮空：只能申请尚未编排的第{}轮至第{}轮。", "Round {}: a bye may be requested only for rounds not paired yet, {} to {}.";
    ErrByeRequestInactive => "{}已退出或被取消比赛资格，不能申请轮空。", "{} has withdrawn or been excluded and cannot request a bye.";
    ErrHalfByeLimit => "{}已有{}次半分轮空，本组每人最多{}次（上限在“赛事”页的荷兰制选项中设置）。", "{} already has {} half-point byes; this section allows {} per player (the limit is set in the Event tab's Dutch options).";
    ErrHalfByeLateRound => "第{}轮不能申请半分轮空：本组最后{}轮不接受半分轮空申请。", "Round {}: this section takes no half-point bye requests for its last {} rounds.";
    HalfByesRow => "半分轮空", "Half-point byes";
    HalfByesMax => "半分轮空每人最多次数", "Half-point byes per player at most";
    HalfByesMaxHint => "不限", "no limit";
    HalfByesNotLast => "最后几轮不接受半分轮空", "No half-point byes in the last rounds";
    HalfByesPer => "每人最多", "at most";
    HalfByesTimes => "次；最后", "per player; none in the last";
    HalfByesRounds => "轮不接受申请", "rounds";
    HalfByesHelp => "申请半分轮空的限制（竞赛规程所定）：每人次数上限（已轮空的计入），及最后几轮不接受申请。", "Limits on requested half-point byes (the regulations'): how many per player (those taken count), and none in the last rounds.";
    BakuAcceleration => "巴库加速配对（前几轮给排序靠前的A组计虚拟分，只用于编排）", "Baku acceleration (virtual points for group A in the first rounds, for pairing only)";
    ErrAdjournHasResult => "第{}台已有成绩，不能暂停。", "Board {} has a result and cannot be adjourned.";
    ErrAdjournMatchGame => "第{}台是淘汰赛或加赛的对局，不能暂停：下一场对阵要看它的胜负。", "Board {} is a knockout or playoff game and cannot be adjourned: the next match depends on its winner.";
    ErrAdjournedPaired => "第{}轮第{}台暂停后已编排了下一轮，不能取消暂停，请录入成绩。", "Round {} board {} was adjourned when the next round was paired; it cannot be taken back: enter its result.";
    ErrAdjournedOpen => "{}：第{}轮第{}台是暂停对局，尚无成绩；成绩录入后才能导出最终名次、成绩册和TRF。", "{}: round {} board {} is adjourned without a result; final standings, the result book and the TRF wait for it.";
    ErrFideRefuses => "FIDE模式下不允许：{}。如确需如此，请先在“赛事”页退出FIDE模式。", "Not allowed in FIDE mode: {}. If it must be done, leave FIDE mode on the Event tab first.";
    ErrKnockoutInBracketTab => "淘汰制在“对阵图”页编排（Ctrl+6，再按 Ctrl+P）。", "A knockout is paired in the Bracket tab (Ctrl+6, then Ctrl+P).";
    ErrSwissEnded => "积分编排到第{}轮为止（其余选手不再续赛）；交叉赛在“对阵图”页编排。", "The Swiss ends after round {} (the others do not play on); the playoff is paired in the Bracket tab.";
    ErrPlayoffNotYet => "交叉赛在第{}轮全部成绩录入后开始。", "The playoff begins once every result of round {} is in.";
    ErrNoBracket => "本组不是淘汰制，也没有设置交叉赛。", "This section is neither a knockout nor has a playoff.";
    ErrStageInProgress => "第{}轮还有未录入成绩的对局；成绩录入后才能编排下一场。", "Round {} has match games without a result; the next games follow their results.";
    ErrChainExhausted => "{}：全部加赛阶段下完仍然打平。请在组别设置中增加一个加赛阶段，再编排下一场。", "{}: level after every phase of the match. Add a tie-break phase to the section's settings, then pair again.";
    ErrBracketDecided => "全部比赛均已决出胜负。", "Every match is decided.";
    ErrMatchGameSwap => "第{}台是淘汰赛对局，对阵由对阵图决定，只能互换红黑。", "Board {} is a match game: the bracket fixes its players; only its colours can be swapped.";
    ErrKnockoutTooFew => "淘汰赛至少需要两名选手。", "A knockout needs at least two players.";
    ErrAllRoundsPaired => "全部{}轮已编排完毕。", "All {} rounds are paired.";
    ErrUnfinished => "{}的比赛尚未全部结束，成绩为非最终成绩：按本组设置，成绩册和获奖证书待全部成绩录入后再打印。", "{}: not every result is in, so the results are not final; this section's settings hold the result book and certificates back until they are.";
    ErrNotLastRound => "只能撤销最后一轮。", "Only the last round can be unpaired.";
    ErrPairing => "编排失败：{}", "Pairing failed: {}";
    WarnUnprintable => "字体缺少下列字符，已打印为〓：{}", "The fonts lack these characters, printed as 〓: {}";
    NoteInvisibleRemoved => "已删除不可见字符 {}", "invisible characters removed: {}";
    ErrMissingGlyph => "字体缺少这些字符，无法打印：{}", "The font lacks these characters, which cannot be printed: {}";
    ErrPdf => "生成PDF失败：{}", "PDF could not be made: {}";
    ErrTrf => "TRF 文件第{}行第{}列：{}", "TRF line {}, column {}: {}";
    TrfStartRank => "起始序号", "starting rank";
    TrfRating => "等级分", "rating";
    TrfPoints => "积分", "points";
    TrfRank => "名次", "rank";
    TrfOpponent => "对手序号", "opponent";
    TrfColour => "先后手", "colour";
    TrfResultCode => "结果", "result";
    TrfRound => "轮次", "round";
    TrfExpectRank => "应为从1起的整数", "a whole number from 1";
    TrfExpectNumber => "应为整数", "a whole number";
    TrfExpectPoints => "应为0.5的整数倍，如3.5", "a number of half-points, such as 3.5";
    TrfExpectColour => "应为w（白方）、b（黑方）或-", "w (white), b (black) or -";
    TrfExpectResult => "应为1、=、0、+、-、W、D、L、H、F、U、Z之一", "one of 1 = 0 + - W D L H F U Z";
    TrfUnreadable => "{}“{}”无法识别（{}）", "{} “{}” cannot be read (expected {})";
    TrfMissing => "缺少{}", "the {} is missing";
    TrfNotText => "含有控制字符：这不是文本文件，不是TRF文件", "a control character: the file is not text, not a TRF file";
    TrfNoPlayers => "没有选手行（以001开头的行）：不是TRF文件", "no player line (001): not a TRF file";
    TrfRankTwice => "起始序号{}重复（第{}行已有）", "starting rank {} is used twice (first on line {})";
    TrfUnknownOpponent => "第{}轮的对手{}号不是本文件中的选手", "round {}: opponent {} is not a player of the file";
    TrfOwnOpponent => "第{}轮的对手是选手本人", "round {}: the player is named as his own opponent";
    TrfNotReciprocal => "第{0}轮：{1}号的对手是{2}号，但{2}号该轮的对手不是{1}号", "round {0}: {1} names {2}, who does not name {1} back";
    TrfResultsDisagree => "第{0}轮：{1}号与{2}号的结果“{3}”与“{4}”相互矛盾", "round {0}: the results “{3}” and “{4}” of {1} and {2} do not agree";
    TrfRoundsBelowPlayed => "计划轮数{}少于文件中已有的{}轮", "{} rounds are planned, but the players' lines hold {}";
    TrfNoNumber => "选手{}没有序号", "entrant {} has no number";
    TrfByeType => "轮空类型", "bye type";
    TrfMatchPoints => "场分", "match points";
    TrfVirtualPoints => "加速虚拟分", "acceleration points";
    TrfAdjustmentType => "类型", "type";
    TrfTeam => "队号", "team number";
    TrfTeamName => "队名", "team name";
    TrfGamePoints => "局分", "game points";
    TrfTeamRound => "团体轮次", "team rounds";
    TrfBoardResults => "台次结果", "board results";
    TrfExpectTeamRound => "应为每轮的对手、先后手和各台结果，或FFFF、HHHH、ZZZZ、UUUU（轮空）", "each round's opponent, colour and board results, or FFFF, HHHH, ZZZZ, UUUU (a bye)";
    TrfExpectBoardResults => "应为各台的1、=、0、+、-（或整场弃权的+-、-+、--）", "1, =, 0, + or - for each board (or +-, -+, -- for a forfeited match)";
    TrfUnknownTeam => "{0}号队没有310记录", "team {0} has no 310 record";
    TrfTeamMatchDisagrees => "第{0}轮{1}号队对{2}号队的场次，两队的记录不一致", "round {0}: the match of team {1} against team {2} reads otherwise in the two teams' records";
    TrfTeamByeDisagrees => "第{0}轮{1}号队的轮空与该队801记录不一致（按801记录计算）", "round {0}: team {1}'s bye disagrees with its 801 record (the 801 record is used)";
    TrfTeamBoardsDisagree => "第{0}轮{1}号队801记录的各台结果与其802局分不符，按对方的记录计算", "round {0}: team {1}'s board results (801) do not add up to its game points (802); the other team's record is used";
    TeamRankDiffers => "{0}号队（{1}）：文件名次{2}，计算名次{3}", "team {0} ({1}): the file ranks it {2}, computed {3}";
    TeamRanksDiffer => "{0}个队的名次与文件310记录不同", "{0} teams ranked otherwise than the file's 310 records";
    TeamRanksAgree => "全部{0}个队的名次与文件310记录相同", "all {0} teams ranked as the file's 310 records";
    TeamTiebreakUnknown => "不认识的团体名次区分：{0}（可用EDET、DE/直胜、EMGSB、BH:MP/对手分、SB:MP、MPvGP、GP/局分、BW/台次分，修饰/C1、/P、/V2026、/L；或xiangqi）", "unknown team tie-break: {0} (known: EDET, DE, EMGSB, BH:MP, SB:MP, MPvGP, GP, BW; modifiers /C1, /P, /V2026, /L; or xiangqi)";
    // team ranking, board prizes and the team paper (issue 42)
    TeamTbEdet => "扩展直胜", "EDET";
    TeamTbDe => "直胜", "DE";
    TeamTbEmgsb => "对手场分×局分", "EMGSB";
    TeamTbBhMp => "对手分", "BH:MP";
    TeamTbSbMp => "对手场分×场分", "SB:MP";
    TeamTbMpVsGp => "局分（次要分）", "MPvGP";
    TeamTbGp => "局分", "GP";
    TeamTbBw => "台次分", "BW";
    TeamTbBwL => "台次分（逐台比较）", "BW/L";
    TeamTbCut => "（去掉最低{0}个）", "/C{0}";
    TeamHeadMp => "场分", "MP";
    TeamHeadGp => "局分", "GP";
    TeamHeadName => "队名", "Team";
    TeamStandingsAfter => "第{0}轮后团体名次", "Team standings after round {0}";
    TeamCrosstableAfter => "第{0}轮后团体成绩交叉表", "Team crosstable after round {0}";
    TeamCrossLegend => "每格：对手队序号、本场胜负、本队局分；弃胜、弃负为对方、本队整场弃权；轮空、半分轮空、未赛写明。场分制：胜{0}、和{1}、负{2}。", "Each cell: the opponent's number, the match won (W), drawn (D) or lost (L) and this team's game points; + and - a match won or lost by forfeit; byes in words. Match points: win {0}, draw {1}, loss {2}.";
    TeamCrossWin => "胜", "W";
    TeamCrossDraw => "和", "D";
    TeamCrossLoss => "负", "L";
    TeamCrossForfeitWin => "弃胜", "+";
    TeamCrossForfeitLoss => "弃负", "-";
    TeamByeHalf => "半分轮空", "half bye";
    TeamByeZero => "未赛", "absent";
    BoardPrizesAfter => "第{0}轮后台次奖", "Board prizes after round {0}";
    BoardPrizeBoard => "第{0}台", "Board {0}";
    BoardPrizeGames => "局数", "Games";
    BoardPrizeScore => "得分", "Score";
    BoardPrizePercent => "得分率", "%";
    BoardPrizeRule => "按得分率排列，相同时局数多者列前；至少在该台下满{0}局方可参评（弃权不计局）。", "By percentage, then more games; at least {0} games played on the board to be ranked (forfeits are no games).";
    BoardPrizesNone => "无人达到参评局数", "no player has the games needed";
    BoardPrizesNoLineups => "文件中没有上场名单，无法评定台次奖。", "The file has no line-ups: no board prizes.";
    TeamPdfWritten => "已写出{0}（{1}页）", "{0} written ({1} pages)";
    TeamPdfOnlyTeams => "{0}：不是团体赛 TRF（没有801记录）：--pdf 与 --board-prize-games 只用于团体赛", "{0} is not a team TRF (no 801 records): --pdf and --board-prize-games are for team events";
    TeamPairingsRound => "第{0}轮团体对阵表", "Team pairings, round {0}";
    TeamMatchNo => "场次", "Match";
    TeamMatchN => "第{0}场", "Match {0}";
    TeamFirst => "先走队", "Team (board 1 first)";
    TeamSecond => "后走队", "Opponent";
    TeamMatchHeading => "第{0}场　{1}　对　{2}", "Match {0}: {1} v {2}";
    TeamSlipsTitle => "第{0}轮团体记分单", "Team result slips, round {0}";
    TeamSlipTotals => "局分合计：{0} ____　{1} ____　　场分：{0} ____　{1} ____", "Game points: {0} ____  {1} ____    Match points: {0} ____  {1} ____";
    TeamCaptainSigns => "{0}队长签名：______________", "{0} captain: ______________";
    TrfTiebreak => "名次区分", "tiebreak";
    TrfDate => "日期", "date";
    TrfExpectByeType => "应为F（1分）、H（半分）、Z（0分）或U（轮空）", "F (full point), H (half point), Z (zero) or U (pairing bye)";
    TrfExpectBlank => "个人赛中应为空", "blank in an individual tournament";
    TrfExpectVirtualPoints => "应为非零的0.5的整数倍，如1.0", "a non-zero number of half-points, such as 1.0";
    TrfExpectBlankType => "应为空（加分或扣分）", "blank (a bonus or a penalty)";
    TrfExpectTiebreak => "应为本程序能计算的FIDE名次区分代码，如BH/C1、SB、DE、WIN", "a FIDE tiebreak code Bianpai computes, such as BH/C1, SB, DE, WIN";
    TrfExpectDate => "应为YY/MM/DD", "YY/MM/DD";
    TrfExpectText => "应为文字", "text";
    TrfNoSuchPlayer => "起始序号{}不是本文件中的选手", "starting rank {} is not a player of the file";
    TrfByeConflict => "第{0}轮：240记录给{1}号轮空，但{1}号的选手行该轮另有记录", "round {0}: record 240 gives {1} a bye that his player line contradicts";
    TrfRoundBeyond => "第{}轮超出计划的{}轮", "round {} is beyond the {} rounds planned";
    TrfBackwards => "{}从{}到{}：起点大于终点", "{} from {} to {}: the first is above the last";
    TrfNotBaku => "第{0}轮{1}号的加速虚拟分为{2}，而Baku加速法为{3}：本程序只能按Baku加速法编排", "round {0}: player {1} has {2} acceleration points where the Baku method gives {3}; only Baku acceleration can be paired";
    ErrTrfLine => "TRF 文件第{}行：{}", "TRF line {}: {}";
    ErrSectionNameTaken => "已有名为“{}”的组别，请换一个名称。", "A section named “{}” exists already: choose another name.";
    ErrQualifiersTarget => "组别“{}”已有外卡以外的选手或已有轮次，晋级名单只能转入新建的组别（可先录入承办方外卡）。", "Section “{}” already has rounds or entrants other than wildcards: qualifiers go into a new section (the organiser's wildcards may be entered first).";
    ErrTooManyWildcards => "晋级办法只允许{}名外卡，现有{}名（海选赛中标记的和正赛中已录入的）。", "The qualification allows {} wildcards; there are {} (marked in the qualifier and entered in the main event).";
    ErrQualifierNotOver => "“{}”的比赛尚未全部结束，晋级名单未定。", "{}: not every result is in, so the qualifiers are not settled.";
    ErrNoQualifiers => "“{}”没有晋级选手（请在赛事页设置晋级名额）。", "{} qualifies nobody (set the qualifiers in the Event tab).";
    ErrInFile => "{}：{}", "{}: {}";
    ErrExport => "导出失败：{}", "The export failed: {}";
    ErrHouseNotWanted => "本组参赛人数已为双数或已有补双选手，无需补双。", "The active field is already even or has a house player: none is needed.";
    // import and export of entrants and results (interchange)
    Member => "会员", "Member";
    Overseas => "境外", "Overseas";
    HousePlayer => "补双选手", "House player";
    HouseMark => "补双", "house";
    AddHousePlayer => "添加补双选手", "Add house player";
    HousePlayerHint => "参赛人数为单数：补双选手使其成为双数，不计名次、不获奖，但其对局计入对手的积分和小分", "Odd field: a house player makes it even; he is not ranked and wins nothing, but his games count for his opponents' scores and tiebreaks";
    Yes => "是", "yes";
    No => "否", "no";
    Entrants => "参赛名单", "Entrants";
    EntryForm => "报名表", "Entry form";
    EntryFormNote => "每行填写一名运动员；性别填“男”或“女”；出生日期写作 2014-05-03。", "One entrant per row; sex M or F; birth date as 2014-05-03.";
    EntryFormBorn => "出生日期须在 {} 至 {} 之间", "Born between {} and {}";
    EntryFormGrades => "允许的级别：{}", "Grades admitted: {}";
    EntryFormCap => "限报 {} 人", "At most {} entrants";
    // 导出数据 in the Documents tab, and settings files in the Event tab
    ExportData => "导出数据", "Export data";
    ListKindLabel => "内容", "List";
    ListPairings => "对阵表", "Pairings";
    ListResults => "成绩", "Results";
    FileFormat => "格式", "Format";
    FormatXlsx => "Excel表格（XLSX）", "Excel (XLSX)";
    FormatCsvUtf8 => "CSV（UTF-8）", "CSV (UTF-8)";
    FormatCsvGb18030 => "CSV（GB18030，旧版Excel）", "CSV (GB18030, older Excel)";
    FormatHtml => "网页（HTML）", "Web page (HTML)";
    FormatTrf => "FIDE TRF（等级分上报）", "FIDE TRF (for rating officers)";
    ExportRound => "导出第几轮", "Round to export";
    ExportDataButton => "导出…", "Export…";
    SettingsTemplateSave => "保存为规程模板…", "Save as a regulation template…";
    SettingsTemplateLoad => "从规程模板载入…", "Load a regulation template…";
    SettingsTemplateFilter => "规程模板", "Regulation template";
    SettingsTemplateLoaded => "已载入规程模板：{}（可撤销）", "Regulation template loaded: {} (can be undone)";
    // 导入选手 in the Entrants tab
    ImportEntrants => "导入选手…", "Import entrants…";
    ImportInto => "导入选手到“{}”", "Import entrants into “{}”";
    ImportFile => "文件", "File";
    ImportChoose => "选择文件…", "Choose file…";
    ImportRead => "读取", "Read";
    ImportDropHint => "可把 CSV、XLSX、XLS 或 ODS 文件拖到窗口上，或输入文件路径后按回车。", "Drop a CSV, XLSX, XLS or ODS file on the window, or type its path and press Enter.";
    ImportSpreadsheets => "表格文件", "Spreadsheets";
    ImportHeaderRow => "表头在第几行", "Header row";
    ImportSkipColumn => "不导入", "Not imported";
    ImportRow => "行", "Row";
    ImportSummary => "可导入 {} 名选手；{} 行有问题", "Entrants to import: {}; rows with problems: {}";
    ImportOtherSections => "{} 行属于其他组别，不导入", "{} rows belong to other sections and are left out";
    ImpColumnNotKept => "第{}列“{}”：本程序不记录此项，未导入。", "Column {} “{}”: not kept by this program; not imported.";
    ImpColumnUnknown => "第{}列“{}”：不认识的表头，未导入（可指定它对应哪一项）。", "Column {} “{}”: header not recognised; not imported (map it to a field).";
    ImpErrNoSuchSection => "本赛事没有组别“{}”（现有组别：{}）", "the event has no section “{}” (its sections: {})";
    ImpErrNoSuchHeader => "表头中没有“{}”（表头有：{}）。", "No column is headed “{}” (the headers: {}).";
    ImpErrUnknownField => "没有名为“{}”的项（可用：{}，或 none 表示不导入）。", "No field is called “{}” (use {}, or none to leave the column out).";
    ImportSectionFor => "组别“{}”是指：", "Section “{}” means:";
    ImportUnusedColumns => "未导入的列：", "Columns not imported:";
    CliMapSyntax => "“{}”应写作 表头=项，例如 --map '现有级别=grade'。", "“{}” should be HEADER=FIELD, e.g. --map 'Current grade=grade'.";
    CliSectionMapSyntax => "“{}”应写作 文件中的组别=本赛事的组别，例如 --section-map 男子=男子组。", "“{}” should be WRITTEN=SECTION, e.g. --section-map Men=Men's section.";
    CliSectionMapHint => "可用 --section-map 文件中的组别=本赛事的组别 指定组别。", "Name the section with --section-map WRITTEN=SECTION.";
    ImportConfirm => "导入 {} 名选手", "Import {} entrants";
    ImportBlocked => "每一行都没有问题才能导入：请改正文件后重新读取，或调整各列的对应。", "Every row must be good: correct the file and read it again, or change which column holds what.";
    ImportDone => "已导入 {} 名选手到“{}”（可撤销）", "{} entrants imported into “{}” (can be undone)";
    ImportClose => "关闭", "Close";
    EntryFormSave => "空白报名表…", "Blank entry form…";
    EntryFormSaved => "报名表已保存：{}", "Entry form saved: {}";
    ErrImportRows => "{} 行有问题，未导入任何选手：{}", "{} rows have problems; no entrant was imported: {}";
    ErrIneligible => "{}不能报名本组：{}", "{} may not enter this section: {}";
    ErrOverCap => "本组限报 {} 人，已满，{}未能报名", "The section takes at most {} entrants and is full: {} was not entered";
    ErrOverEventCap => "本次比赛限报 {} 人，额满即止，{}未能报名", "The event takes at most {} entrants and is full: {} was not entered";
    ErrNothingToImport => "文件中没有可导入的选手。", "The file has no entrants to import.";
    Crosstable => "交叉表", "Crosstable";
    Prize => "奖项", "Prize";
    Opponent => "对手", "Opponent";
    ImpErrEncoding => "文件既不是 UTF-8 也不是 GB18030 编码的文本。", "The file is neither UTF-8 nor GB18030 text.";
    ImpErrRead => "无法读取文件：{}", "Cannot read the file: {}";
    ImpErrNotWorkbook => "文件已损坏，或不是 Excel/ODS 表格。", "The file is damaged or not an Excel/ODS workbook ({}).";
    ImpErrUnknownType => "不认识的文件类型“{}”（应为 xlsx、xls、ods 或 csv）。", "Unknown file type “{}” (expected xlsx, xls, ods or csv).";
    ImpErrTooLarge => "文件超过 {} MB，未读取。", "The file is larger than {} MB; it was not read.";
    ImpErrTooManyRows => "表格超过 {} 行，未读取。", "The sheet has more than {} rows; it was not read.";
    ImpErrInflates => "工作簿解压后将超过 {} MB，未读取。", "The workbook would inflate to more than {} MB; it was not read.";
    ImpErrTooManyColumns => "表格超过 {} 列，未读取。", "The sheet has more than {} columns; it was not read.";
    ImpErrTooManyCells => "表格超过 {} 个单元格，未读取。", "The sheet has more than {} cells; it was not read.";
    IoTooLarge => "文件超过 {} MB，未读取", "larger than {} MB, not read";
    ImpErrNoNameColumn => "找不到“姓名”列。", "No column holds the name.";
    ImpErrColumnTwice => "“{}”同时对应第 {} 列和第 {} 列。", "“{}” is mapped to both column {} and column {}.";
    ImpErrHeaderPastEnd => "表头行 {} 超出了表格。", "Header row {} is past the end of the table.";
    ImpErrAtRow => "第{}行：{}", "Row {}: {}";
    ImpErrAtCell => "第{}行{}列（{}）：{}", "Row {}, column {} ({}): {}";
    ImpErrEmptyName => "姓名为空", "the name is empty";
    ImpErrBadDate => "“{}”不是日期（应写作 2014-05-03、2014/5/3、2014年5月3日 或 20140503）", "“{}” is not a date (write 2014-05-03, 2014/5/3 or 20140503)";
    ImpErrUnknownSex => "性别“{}”无法识别（应为“男”或“女”）", "sex “{}” is not recognised (M or F)";
    ImpErrBadRating => "等级分“{}”不是 0–4000 之间的整数", "rating “{}” is not a whole number from 0 to 4000";
    ImpErrBadFlag => "“{}”应为“是”或“否”", "“{}” should be yes or no";
    ImpErrTooLong => "太长：最多{}个字", "too long: at most {} characters";
    ImpErrDuplicate => "与第{}行重复（姓名、单位、出生日期相同）", "repeats row {} (same name, unit and birth date)";
    ImpErrAlreadyEntered => "本组已有此人（姓名、单位、出生日期相同）", "already entered in this section (same name, unit and birth date)";
    ImpErrBirthDateMissing => "本组有年龄限制，须填写出生日期", "this section has an age range; the birth date is required";
    ImpErrBornBefore => "出生日期早于本组规定的 {}", "born before {}, the section's earliest birth date";
    ImpErrBornAfter => "出生日期晚于本组规定的 {}", "born after {}, the section's latest birth date";
    ImpErrGradeNotAdmitted => "级别“{}”不在本组允许的范围内", "grade “{}” is not admitted to this section";
    ImpErrSexNotAdmitted => "本组只限{}子选手", "this section admits only sex {}";
    ImpErrNoRoute => "不符合本组“符合以下要求之一”中的任何一条", "meets none of the section's ways in (one of which must hold)";
    EntryFormAnyOf => "须符合以下要求之一：{}", "One of these must hold: {}";
    EligibilityAnyOf => "或符合以下之一（每行一条）", "Or one of these (one per line)";
    EligibilityAnyOfHelp => "每行一条：出生日期范围写作 1951-01-01~2008-01-31（可只写一端），级别用顿号分隔，级别后写“及以上”即含更高级别（如 二级棋士及以上）；同一行的条件须同时满足", "One per line: birth dates as 1951-01-01~2008-01-31 (either end may be left out), grades separated by commas, a grade followed by “or above” admitting every grade above it too; the conditions on one line must all hold";
    RouteBadDate => "第{}行：“{}”不是日期", "line {}: “{}” is not a date";
    RouteEmpty => "第{}行：没有条件", "line {}: no condition";
    ImpErrOverCap => "超过本组限报人数 {} 人", "over the section's cap of {} entrants";
    ImpErrOverEventCap => "超过本次比赛限报人数 {} 人", "over the event's cap of {} entrants";
    CliSectionArgs => "请给出 --name、--game、--system 和 --rounds，或用 --from-trf 指定TRF文件。", "Give --name, --game, --system and --rounds, or a TRF file with --from-trf.";
    CheckNoPlaces => "{}：没有一行选手记录写有名次（001记录第86–89列）", "{}: no player line gives a place (record 001, columns 86-89)";
    CheckPlacesHeader => "{0}：按{2}核对{1}个名次", "{0}: {1} places checked against {2}";
    CheckByPoints => "仅按积分", "points alone";
    CheckPoints => "积分 {}", "points {}";
    CheckPlacedBelow => "第{0}位：{1}号（名次{2}）排在{3}号（名次{4}）之后，但按名次区分应为第{5}名与第{6}名。{1}号：{7}；{3}号：{8}", "position {0}: no. {1} (place {2}) is placed below no. {3} (place {4}), but the list gives places {5} and {6}: no. {1}: {7}; no. {3}: {8}";
    CheckSharesPlace => "第{0}位：{1}号（名次{2}）与{3}号（名次{4}）并列，但按名次区分应为第{5}名与第{6}名。{1}号：{7}；{3}号：{8}", "position {0}: no. {1} (place {2}) shares the place of no. {3} (place {4}), but the list gives places {5} and {6}: no. {1}: {7}; no. {3}: {8}";
    CheckPlacesBroken => "{0}：{1}个位置违反名次区分：第{2}位", "{0}: {1} position(s) break the tiebreak list: {2}";
    CliPairNumbers => "“{}”应为两个序号，以逗号分隔（如 3,7）", "“{}” should be two pairing numbers separated by a comma (such as 3,7)";
    CliProhibited => "已禁止 {} 号与 {} 号配对（可撤销）。", "Numbers {} and {} are not to be paired (undoable).";
    CliProhibitedAlready => "{} 号与 {} 号本已禁止配对。", "Numbers {} and {} were already not to be paired.";
    CliAllowed => "{} 号与 {} 号可以再配对（可撤销）。", "Numbers {} and {} may be paired again (undoable).";
    CliAllowedAlready => "{} 号与 {} 号本未禁止配对。", "Numbers {} and {} were not prohibited.";
    CliSettingsImported => "已导入组别“{}”的设置（可撤销）。", "Settings of section “{}” imported (undoable).";
    CliOtherSection => "第{}行属于组别“{}”，未导入。", "Row {} belongs to section “{}”; left out.";
    CliImportRefused => "{}行有问题，未导入任何选手。", "{} rows have problems; no entrant was imported.";
    CliImportEmpty => "文件中没有选手。", "The file holds no entrant.";
    CliImportDryRun => "试运行：{}名选手都可以导入，未写入。", "Dry run: all {} entrants can be imported; nothing was written.";
    CliImported => "已导入{}名选手。", "{} entrants imported.";
    ResErrResult => "“{}”不是结果：应为 1-0、0-1、和棋（=、½-½、1/2-1/2 或 0.5-0.5）、+-、-+ 或 --。", "“{}” is not a result: write 1-0, 0-1, a draw (=, ½-½, 1/2-1/2 or 0.5-0.5), +-, -+ or --.";
    ResErrFouls => "犯规“{}”应写作 红方/黑方，如 1/0。", "Fouls “{}”: write red/black, e.g. 1/0.";
    ResErrBoard => "台号“{}”不是数字。", "Board “{}” is not a number.";
    ResErrBoardTwice => "第{}台已在第{}行录入。", "Board {} was already given on line {}.";
    ResErrAtLine => "第{}行：{}", "line {}: {}";
    ResErrNoResults => "文件中没有任何一台的成绩（空文件或只有表头），未录入任何成绩。", "The file holds no board's result (it is empty or a header alone); nothing was entered.";
    CliChooseColour => "须先由以下选手选择先后手：{}（用 --colour 序号=red 或 序号=black 再编排）", "These players choose their colour first: {} (pair again with --colour NUMBER=red or NUMBER=black)";
    CliBadColour => "“{}”应写作 序号=red 或 序号=black（红、黑、先、后亦可）。", "“{}”: write NUMBER=red or NUMBER=black.";
    CliPairedRound => "第{}轮", "Round {}";
    CliRestoreAsk => "恢复这份备份将丢失其后录入的{}个成绩和{}条日志；确定恢复请加 --yes。未恢复。", "Restoring this copy loses {} results and {} journal rows entered since; add --yes to restore. Nothing was restored.";
    CliEditBreaks => "这一调整违反：{}。未调整；确定要调整，请加 --confirm {}", "This change breaks: {}. Nothing was changed; to go ahead, add --confirm {}";
    CliPlacesAwarded => "{}：录取前{}名（按{}名参赛选手计）", "{}: {} places awarded (counted from a field of {})";
    CliPairedGames => "第{}轮（淘汰赛/交叉赛对局）", "Round {} (knockout or playoff games)";
    CliPlayoffWaiting => "交叉赛有对局待编排：bianpai pair {} -s {} --playoff", "The playoff has games to pair: bianpai pair {} -s {} --playoff";
    CliBadPoints => "局分“{}”应写作 胜,和,负，如 3,1,0。", "Points “{}”: write win,draw,loss, e.g. 3,1,0.";
    CliNeedSection => "请用 --section 指明组别。", "Name the section with --section.";
    CliFormatNotOffered => "这份文件不能导出为 {}。", "This document is not offered as {}.";
    SetErrBad => "设置文件第{}行 {}：值不合要求（{}）", "Settings file, line {}, {}: the value does not fit ({})";
    SetErrUnknown => "设置文件第{}行：没有名为“{}”的设置", "Settings file, line {}: there is no setting “{}”";
    SetKindText => "文字", "a text";
    SetKindWhole => "整数", "a whole number";
    SetKindDecimal => "小数", "a decimal";
    SetKindBool => "true 或 false", "true or false";
    SetKindList => "列表 [ … ]", "a list [ … ]";
    SetKindTable => "表（[名称] 下的各项）", "a table (the keys under [name])";
    SetKindDate => "日期", "a date";
    SetKindOther => "其他写法", "something else";
    SetDetailType => "应为{}，写的是{}", "should be {}, not {}";
    SetDetailValue => "“{}”超出范围（应为{}）", "“{}” is out of range (should be {})";
    SetDetailVariant => "“{}”不是可选的值，可选：{}", "“{}” is not one of the choices: {}";
    SetDetailMissing => "缺少“{}”", "“{}” is missing";
    SetDetailUnknownField => "没有名为“{}”的设置", "there is no setting “{}”";
    SetDetailDuplicate => "同一设置写了两次", "the same key is written twice";
    SetDetailQuote => "文字要加引号", "a text must be in quotes";
    SetDetailSyntax => "不是正确的TOML写法（键 = 值，表名写作 [名称]）", "not TOML as it should be written (key = value, tables as [name])";
    SetErrNewer => "设置文件是较新版本的程序写的（版本 {}，本程序为 {}）", "The settings file was written by a newer program (version {}; this program reads up to {})";
    // printed documents (issue 8)
    RecordMoves => "须录谱", "record the moves";
    RecordMovesNote => "标{}的台次须录谱", "Boards marked {} record their moves";
    RecordMovesLine => "自第{}轮起，前{}台须录谱：胜方录谱，和棋由红方录谱", "From round {}, boards 1–{} record their moves: the winner records, on a draw red";
    DocStandings => "排名表", "Standings";
    DocCrosstable => "成绩交叉表（大表）", "Crosstable (wall)";
    DocResultBook => "成绩册", "Result book";
    DocCertificates => "获奖证书", "Certificates";
    FinalStandings => "最终名次", "Final standings";
    NotFinal => "非最终成绩", "Results not final";
    FoulLossWarning => "第{}台：{}本局已{}次犯规（两次犯规判负），所录结果却未判其负，请核对。", "Board {}: {} has {} fouls in this game (two fouls lose it), yet the result entered is not his loss; please check.";
    RefuseUnfinished => "比赛未结束时不打印成绩册和获奖证书（否则标明“非最终成绩”）", "Hold back the result book and certificates until every result is in (otherwise they are marked “results not final”)";
    CrosstableAfter => "第{}轮后成绩交叉表", "Crosstable after round {}";
    TiebreakOrder => "名次区分：{}", "Tiebreaks: {}";
    ByLotNote => "{} 名次由抽签确定", "{} place decided by lot";
    CrossLegend => "每轮：对手序号、先后（红/黑）、结果（胜/和/负）；+ 对方弃权判胜，- 弃权判负；空白为未参赛。",
                   "Each round: opponent's number, colour (r/b), result (W/D/L); + won by forfeit, - lost by forfeit; blank: not paired.";
    CrossLegendChess => "每轮：对手序号、先后（白/黑）、结果（胜/和/负）；+ 对方弃权判胜，- 弃权判负；空白为未参赛。",
                        "Each round: opponent's number, colour (w/b), result (W/D/L); + won by forfeit, - lost by forfeit; blank: not paired.";
    // paper an arbiter posts (issue 37: knockouts by their places, the order book's parts)
    CrossLegendKnockout => "每轮：对手序号、该轮比赛胜负（胜/负）与比分（本人在前，胜局1分、和局各0.5分）；未分胜负的只列比分；空白为未赛。",
                           "Each round: opponent's number, the match won or lost (W/L) and its score (own first; a win 1, a draw 0.5 each); an undecided match shows its score only; blank: not played.";
    SharedPlaceWords => "并列{}", "joint {}";
    NoTeamCompetition => "本组别未设团体赛（无团体报名队员，也无团体奖金），不排团体名次。", "This section holds no team competition (no one on a team entry form, no team prize money): no team places.";
    BracketUndecided => "对阵图尚有 {} 名选手在比赛中，其名次未决：名次奖、称号与资格待决出后给出。", "{} players are still in play in the bracket and their places are undecided: place prizes, titles and qualifiers come once they are decided.";
    Hosts => "承办单位", "Hosted by";
    CoOrganisers => "协办单位", "Co-organised by";
    Committee => "组委会", "Organising committee";
    DeputyArbiters => "副裁判长", "Deputy chief arbiters";
    Arbiters => "裁判员", "Arbiters";
    Regulations => "竞赛规程", "Regulations";
    VenueRules => "赛场须知", "Rules of the playing hall";
    Contents => "目录", "Contents";
    Organisation => "组织机构", "Organisation";
    OfficialsList => "裁判员名单", "Officials";
    ListColon => "：", ": ";
    InParens => "（{}）", " ({})";
    FieldGap => "　", "   ";
    ClauseSeparator => "；", "; ";
    SectionEntrantsHeading => "{}（{} 人）", "{} ({} entrants)";
    UnitEntrantsHead => "{}（{}）：", "{} ({}): ";
    RoundPairingsTitle => "第{}轮对阵表", "Round {} pairings";
    CharCount => "{} 字", "{} characters";
    EventDetailsHelp => "以下各项印在秩序册中（每行一项；留空的部分不印）。", "Printed in the order book (one item a line; a part left empty is not printed).";
    ShortRed => "红", "r";
    ShortBlack => "黑", "b";
    ShortWhite => "白", "w";
    ShortWin => "胜", "W";
    ShortDraw => "和", "D";
    ShortLoss => "负", "L";
    ByeFull => "全分轮空", "full-point bye";
    ByeHalf => "半分轮空", "half-point bye";
    ByeZero => "缺席", "absent";
    SubRankingTitle => "{}名次", "Ranking: {}";
    OverallRank => "总名次", "Overall";
    TeamStandings => "团体名次", "Team standings";
    Team => "代表队", "Team";
    RankSum => "名次总和", "Sum of places";
    MemberPlaces => "队员（个人名次）", "Members (places)";
    Prizes => "个人奖金", "Prize money";
    TeamPrizes => "团体奖金", "Team prize money";
    PlacePrize => "名次奖", "Place";
    Amount => "奖金（元）", "Amount (yuan)";
    PrizeTotal => "奖金合计：{} 元（{}）", "Total: {} yuan ({})";
    Titles => "等级称号", "Titles";
    TitleColumn => "称号", "Title";
    TitlesNotGranted => "上场比赛 {} 人，不足 {} 人，不授予{}。", "{} played, fewer than {}: {} not granted.";
    Promotions => "级位晋升", "Grade promotions";
    FromGrade => "原级别", "From";
    ToGrade => "晋升级别", "To";
    Required => "达标分", "Required";
    Qualifiers => "获得参赛资格名单", "Qualified";
    SignatureLine => "签字：", "Signature: ";
    DateLine => "日期：", "Date: ";
    RoundResultsTitle => "第{}轮对阵及成绩", "Round {}: pairings and results";
    CertificateTitle => "获奖证书", "Certificate";
    CertificateBody => "在{0}{1}比赛中荣获{2}。特发此证，以资鼓励。", "was awarded {2} in the {1} section of {0}.";
    PlaceWords => "第{}名", "{} place";
    TeamPlaceWords => "团体{}", "team {}";
    TabDocuments => "打印文件", "Documents";
    DocumentKind => "文件种类", "Document";
    PaperSize => "纸张", "Paper";
    WholeEvent => "全部组别", "All sections";
    SaveDocument => "保存PDF…", "Save PDF…";
    SaveAndOpen => "保存并打开", "Save and open";
    ErrAwards => "奖励计算失败：{}", "Awards could not be computed: {}";
    AwardErrTwice => "{}在排名中出现两次", "{} appears twice in the ranking";
    AwardErrUnknown => "排名中的选手{}不在本组", "entrant {} of the ranking is not in the section";
    AwardErrBadBand => "奖金名次段{}–{}不成立（应从第1名或之后起，且止于起点之后）", "the band of places {}–{} must start at place 1 or later and end no earlier";
    AwardErrOverlap => "第{}名在同一奖金表中出现两次", "place {} is paid by two bands of one prize table";
    AwardErrNoList => "特别奖“{}”没有对应的分组排名：请在“分组排名”中设置同名的分组（如“女子 女”）", "the special prize “{}” has no sub-ranking of that name: set one under Sub-rankings (e.g. “Women female”)";
    Schedule => "赛程", "Schedule";
    FideEditionLabel => "FIDE名次区分规则版本", "FIDE tiebreak rules";
    FideEdition2026 => "2026年3月版", "March 2026";
    FideEdition2023 => "2023年版", "2023";
    TeamRankingLabel => "团体名次", "Team places";
    TeamMembersCounted => "每队计前几名队员", "Members counted per team";
    TeamMembersSex => "计分队员性别", "Sex of the members counted";
    TeamRegisteredOnly => "只计团体报名表上的队员", "Only members on the team entry form";
    TeamMember => "团体队员", "Team member";
    FilterFlag => "标记", "flag";
    Stacks => "可兼得", "stacks";
    SubRankingsField => "分组排名（每行一个）", "Sub-rankings (one per line)";
    SubRankingsHelp => "名称 条件…，如“U14女子 女 2012-01-01~2013-12-31”“境外运动员 境外”；条件：男、女、出生日期范围、境外、会员、级别:…、标记:…，须同时满足", "name conditions…, e.g. “U14Girls female 2012-01-01~2013-12-31”, “Overseas overseas”; conditions: male, female, a birth-date range, overseas, member, grade:…, flag:…, all of which must hold";
    SpecialPrizesField => "特别奖（每行一个）", "Special prizes (one per line)";
    SpecialPrizesHelp => "分组名称[ 前N名] 名次:金额…[ 可兼得]，如“境外运动员 1-8:1000 可兼得”；“女子 前7名”为该组单独录取前7名（参赛不足8人减一，亦可写“固定前7名”）；名称为上面的分组排名，或含“境外”“会员”", "sub-ranking[ top7] places:amount…[ stacks], e.g. “Overseas 1-8:1000 stacks”; “Women top7” places the list's own top 7 (one fewer below 8 players; “fixed7” for a fixed count); the name is one of the sub-rankings above";
    SubRankingUnknown => "第{}行：不认识的条件“{}”", "line {}: unknown condition “{}”";
    SubRankingNoCondition => "第{}行：缺少名称或条件", "line {}: a name and a condition are needed";
    SpecialPrizeNoBands => "第{}行：缺少奖金", "line {}: no prize bands";
    UnsavedMark => "● 有未保存的修改", "● Unsaved changes";
    SaveNow => "立即保存（Ctrl+S）", "Save now (Ctrl+S)";
    UnsavedQuestion => "“{}”的设置有未保存的修改。", "The settings of “{}” have unsaved changes.";
    UnsavedSave => "保存并切换", "Save and switch";
    UnsavedDiscard => "放弃修改", "Discard changes";
    UnsavedBack => "返回修改", "Go back";
    ScheduleHelp => "每轮一行，如“8月29日 09:00”；印在秩序册和该轮对阵表上", "One line per round, e.g. “29 Aug 09:00”; printed in the order book and on that round's pairing sheet";
    EligibilityLabel => "参赛资格", "Eligibility";
    EligibilityHelp => "出生日期写作 2014-01-01，可只填一端；级别用顿号分隔，空则不限，写“二级棋士及以上”即含更高级别；限报人数空则不限。报名和导入时检查。", "Dates as 2014-01-01, either end may be empty; grades separated by commas, empty admits any, a grade followed by “or above” admits the grades above it too; cap empty for none. Checked on entry and import.";
    BornFrom => "出生日期从", "Born from";
    BornTo => "至", "to";
    SexAny => "不限", "Any";
    GradesAdmitted => "允许的级别", "Grades admitted";
    EntryCap => "限报人数", "Entry cap";
    EventEntryCap => "全赛限报人数", "Entry cap (whole event)";
    EventEntryCapHelp => "全赛限报人数：各组报名人数合计的上限，空则不限；补双选手不计。报名和导入时检查。", "Entry cap (whole event): the most entrants of all sections together, empty for none; house players do not count. Checked on entry and import.";
    RecordMovesLabel => "录谱", "Move recording";
    RecordBoards => "前几台", "Boards 1 to";
    RecordFromRound => "从第几轮起", "From round";
    RecordMovesHelp => "0 台则不录谱；印在对阵表和记录单上", "0 boards: none; marked on the pairing sheet and the slips";
    PlacesLabel => "录取名次", "Places awarded";
    TeamPlacesLabel => "团体录取名次", "Team places";
    FieldCountLabel => "录取名次按", "Places counted from";
    FieldCountPlayed => "参赛人数（下过一盘棋）", "those who played (a game over the board)";
    FieldCountEntered => "报名人数", "every entry";
    PlacesReduceIfFewer => "前几名（人数不足时减一）", "Top places (one fewer when few enter)";
    PlacesFixed => "固定名次", "Fixed";
    PlacesBySize => "按参赛人数", "By field size";
    PlacesCount => "录取", "Places";
    PlacesThreshold => "人数不超过", "Entrants up to";
    PlacesAbove => "以上录取", "Above that";
    PromotionTable => "晋级标准", "Promotion table";
    PromotionHelp => "原级别>晋升级别:得分率或分数，如 棋协二级棋士>棋协一级棋士:55%，上海一级棋士>上海棋协候补大师:4.5分", "from grade>to grade:rate or points, e.g. Class 2>Class 1:55%, Shanghai Class 1>Shanghai Candidate Master:4.5 points";
    EarlyStopLabel => "中途淘汰", "Early stop";
    EarlyStopNever => "全程参赛", "Everyone plays every round";
    EarlyStopAtFirst => "达标或无望者不再编排", "Not paired once promoted or out of reach";
    EarlyStopHigher => "无望者不再编排，仍可升更高者继续", "Not paired once out of reach; those who can still go higher play on";
    PlacesLine => "录取名次：{}人参赛录取前{}名", "Places awarded: {1} (with {0} entrants)";
    EligibilityLine => "参赛资格：{}", "Who may enter: {}";
    EligibilityMen => "限男子", "men only";
    EligibilityWomen => "限女子", "women only";
    EligibilityBornRange => "{}至{}出生", "born {} to {}";
    EligibilityBornFrom => "{}及以后出生", "born on or after {}";
    EligibilityBornTo => "{}及以前出生", "born on or before {}";
    EligibilityGradesLine => "级别：{}", "grades: {}";
    EligibilityRoutesLine => "或符合以下之一：{}", "or one of: {}";
    TeamRuleLine => "团体名次：每队计前{}名{}队员的个人名次之和，少者列前，相等时依次比较各队员名次{}；{}个队，录取前{}名", "Team places: the sum of the individual places of each team's best {} {}members, fewer first, equal sums by the members' places in turn{}; {} teams, top {} placed";
    TeamMen => "男子", "men ";
    TeamWomen => "女子", "women ";
    TeamRegisteredOnlyLine => "（只计团体报名表上的队员）", " (only members on the team entry form)";
    PrizesLine => "奖金（{}）：{}", "Prize money ({}): {}";
    SpecialPlacesTitle => "{}录取名次", "{}: places awarded";
    SpecialPlacesLine => "{}：录取前{}名", "{}: top {} placed";
    SpecialPrizeMoney => "，奖金（{}）：{}", ", prize money ({}): {}";
    PrizeBandOne => "第{}名{}元", "place {} {} yuan";
    PrizeBandRange => "第{}–{}名各{}元", "places {}–{} {} yuan each";
    TitleRuleLine => "第{}–{}名授予{}", "Places {}–{}: {}";
    TitleRuleMinLine => "（须至少{}人上场比赛）", " (if at least {} played)";
    QualifiersLine => "前{}名获得参赛资格", "The top {} qualify";
    // 编排说明 — pairing notes
    NoteSeparator => "；", "; ";
    ListSeparator => "、", ", ";
    NoteScoreGroup => "同分组（{}分）", "score group {}";
    NoteFloat => "{}下调、{}上调，跨{}个分数段（{}分对{}分）", "{} floats down, {} up, across {} score level(s) ({} points against {})";
    NoteColours => "先后手：{}", "colours: {}";
    ColourOnlyLegal => "只有这样分先后手才合规", "the only legal allocation";
    ColourBothPreferences => "双方都得到应执的先后手", "both players get their due colour";
    ColourLeaderFirst => "积分领先者得到应执的先后手", "the higher scorer gets his due colour";
    ColourStrongerNeed => "先后手需要更强的一方优先", "the stronger colour need prevails";
    ColourHistory => "与{}轮前的先后手相反", "alternated from {} round(s) back";
    ColourRoundParity => "按轮次单双数确定", "by the round's parity";
    ColourPattern => "按第一轮编排规则", "by the round-1 pattern";
    NoteGaveWay => "让步的编排原则：{}", "rules that gave way: {}";
    NoteWhyNot => "为何不与{}相遇：{}", "why not against {}? {}";
    CriterionScoreGroup => "同分相遇", "pair inside the score group";
    CriterionNearestScore => "近分相遇", "nearest score";
    CriterionStrongColour => "先后手平衡", "colour balance";
    CriterionMildColour => "先后手交替", "colour alternation";
    CriterionFloatBalance => "上下调平衡", "float balance";
    CriterionFloater => "下调人选", "who floats";
    CriterionPosition => "组内配对顺序", "order inside the score group";
    CriterionBye => "轮空人选", "who has the bye";
    WhyNotNotPaired => "{}本轮不参加编排", "{} is not paired this round";
    WhyNotArePaired => "二人本轮已对阵", "they are paired";
    WhyNotAlreadyMet => "二人已相遇过", "they have met";
    WhyNotSameUnit => "同单位回避", "same unit";
    WhyNotProhibited => "二人禁止配对", "their pairing is prohibited";
    WhyNotColourLimits => "任何先后手都违反先后手限制", "no colours respect the colour limits";
    WhyNotWorse => "会使编排在“{}”上变差", "worse on {}";
    WhyNotStrands => "二人的对手将无法相互配对", "their partners could not then meet each other";
    WhyNotTie => "各项同样好，按编排顺序决定", "equally good; the pairing order decided";
    NoteBye => "轮空：{}（{}分）", "bye: {} ({} points)";
    NoteByePassedOver => "先试的{}轮空后其余选手无法配对", "a bye for {} first left the others unpairable";
    NoteByeInsteadOf => "同组序号最大的{}不轮空：其余选手这样配对更好", "not {}, the highest number of the group: the others pair better so";
    NoteRoundOneSwap => "第{}台与第{}台交换后手棋手", "boards {} and {} swapped their second players";
    NoteRoundOneSwaps => "同队回避：{}", "same-unit avoidance: {}";
    NoteRoundOneUnavoidable => "无法避免的同队对局{}台", "{} same-unit board(s) could not be avoided";
    NoteHousePlays => "补双选手{}参赛：其余{}人为单数", "house player {} plays: the {} others are odd in number";
    NoteHouseSitsOut => "补双选手{}本轮不参赛：其余{}人为双数", "house player {} sits out: the {} others are even in number";
    NoteManualSwap => "人工调整：{}与{}交换位置", "changed by hand: {} and {} swapped places";
    NoteManualColours => "人工调整：第{}台交换先后手", "changed by hand: board {} swapped colours";
    NoteEmptySeat => "空位", "an empty seat";
    // journal entries
    JournalEntrant => "{}：{}", "{}: {}";
    JournalImport => "{}：{}名选手", "{}: {} entrants";
    JournalTrfSection => "{}：{}名选手，{}轮", "{}: {} entrants, {} rounds";
    JournalQualifiers => "{}的晋级名单转入{}：{}名选手", "{}'s qualifiers entered into {}: {} entrants";
    JournalLots => "{}：抽签种子 {}", "{}: lot seed {}";
    JournalRound => "{} 第{}轮", "{} round {}";
    JournalBoard => "{} 第{}轮 第{}台：{}", "{} round {} board {}: {}";
    JournalRoundResults => "{} 第{}轮：{}台的成绩", "{} round {}: results of {} boards";
    JournalAdjourned => "{} 第{}轮：第{}台暂停", "{} round {}: board {} adjourned";
    JournalResumed => "{} 第{}轮：第{}台取消暂停", "{} round {}: board {} no longer adjourned";
    JournalCleared => "成绩清除", "result cleared";
    JournalFouls => "；犯规 红方{}次 黑方{}次", "; fouls red {} black {}";
    JournalReason => "；更正原因：{}", "; reason: {}";
    JournalSwap => "{} 第{}轮：{}与{}交换位置", "{} round {}: {} and {} swapped places";
    JournalColours => "{} 第{}轮：第{}台交换先后手", "{} round {}: board {} swapped colours";
    JournalWarnings => "；已确认的警告：{}", "; warnings accepted: {}";
    JournalKnockoutBoard => "第{}台 {} – {}（{}）", "board {} {} – {} ({})";
    JournalUndo => "{}：{}", "{}: {}";
    ListLead => "：", ": ";
    // the venue page (场地网页)
    VenueMenu => "场地网页", "Venue page";
    VenueServe => "开放场地网页", "Serve the venue page";
    VenueBind => "监听地址", "Address";
    VenuePort => "端口", "Port";
    VenueOpenOn => "选手在同一无线网络中用手机打开：", "Players open it on the venue network:";
    VenueAllInterfaces => "警告：0.0.0.0 即本机所有网络接口，凡能连到本机的设备都能查看本页。", "Warning: 0.0.0.0 is every interface of this laptop: any device that reaches it can read the page.";
    VenueReadOnly => "只读：只显示对阵表与排名表上已印出的内容；关闭赛事即停止。", "Read-only: only what the printed sheets show; it stops when the event closes.";
    VenueFirewall => "Windows 防火墙第一次询问时，请允许“专用网络”访问，否则手机打不开本页；赛场网络若被设为“公用网络”，请在 Windows 设置中改为“专用网络”。", "When Windows Firewall first asks, allow access on private networks, or the phones cannot open the page; if the venue network is marked public, make it private in Windows Settings.";
    // 授权: many hands on the venue network (roles, phones' results)
    HandsToken => "设备令牌", "Device token";
    HandsPerson => "持有人", "Holder";
    HandsDevice => "设备", "Device";
    HandsEntry => "手机录入的成绩", "Result sent from a phone";
    HandsDeputy => "副裁判长/裁判员", "Deputy / arbiter";
    HandsCheckIn => "检录", "Check-in";
    HandsPlayer => "选手", "Player";
    HandsStatePending => "待确认", "Waiting";
    HandsStateAwaiting => "待对手确认", "Waiting for the opponent";
    HandsStateConflict => "冲突，待裁判长决定", "Conflict: the chief decides";
    HandsStateAccepted => "已录入", "Entered";
    HandsStateRejected => "已驳回", "Rejected";
    HandsStateSame => "与已有成绩相同", "Same as already entered";
    HandsStateSent => "已送达，处理中", "Received, being handled";
    HandsRefusedToken => "此设备未获授权或授权已撤销，请向裁判长重新领取二维码", "This device is not authorised or was revoked; ask the chief arbiter for a new QR code";
    HandsRefusedScope => "此台次不在您的授权范围内", "This board is not in your charge";
    HandsRefusedRound => "只能录入本轮的成绩", "Only the current round's results can be entered";
    HandsRefusedForm => "表单无效或已过期，请返回重新填写", "The form is not valid or has expired; go back and fill it in again";
    HandsRefusedOrigin => "拒绝：请求并非来自本页", "Refused: the request did not come from this page";
    HandsRefusedSize => "提交的内容过大", "What was sent is too large";
    HandsTrustNote => "注意：场地网络未加密（无 HTTPS），只在可信的赛场网络中使用；二维码即通行证，请勿外传。", "Note: the venue network is not encrypted (no HTTPS): use it only on a trusted venue network; the QR code is a pass, keep it to yourself.";
    HandsSignedIn => "已登录：{}（{}，设备{}）", "Signed in: {} ({}, device {})";
    JournalByHand => "；手机送来：{}（{}，设备{}）", "; sent from a phone by {} ({}, device {})";
    JournalDevice => "设备{}：{}", "device {}: {}";
    ActDeviceAdd => "授权设备", "Authorise a device";
    ActDeviceRevoke => "撤销设备授权", "Revoke a device";
    ActPhoneEntry => "手机送来成绩", "Result from a phone";
    ActPhoneReject => "驳回手机成绩", "Reject a phone's result";
    ActHandsSetting => "多人录入设置", "Many hands setting";
    HandsPickBoard => "选择台次", "Pick a board";
    HandsBoardNumber => "台次号（结果条上的号码）", "Board number (on the result slip)";
    HandsGo => "前往", "Go";
    HandsEnterResult => "录入成绩", "Enter the result";
    HandsFoulsRed => "红方犯规", "Red's fouls";
    HandsFoulsBlack => "黑方犯规", "Black's fouls";
    HandsNote => "备注", "Note";
    HandsSend => "提交", "Send";
    HandsSentBoard => "第{}台成绩已提交：{}", "Board {} sent: {}";
    HandsAlreadySent => "此次提交已收到，未重复记录", "This submission was already received; it is not stored twice";
    HandsYourGame => "您本轮的对局", "Your game this round";
    HandsReportResult => "报告本局结果", "Report this game's result";
    HandsOpponentSays => "对手报告：{}", "Your opponent reports: {}";
    HandsConfirm => "确认", "Confirm";
    HandsNoGame => "本轮您没有对局", "You have no game this round";
    HandsMyEntries => "我提交的成绩", "What I sent";
    HandsNoBoards => "尚无可录入的台次", "No board to enter yet";
    HandsTooBusy => "笔记本正忙，请稍后重试", "The laptop is busy; try again shortly";
    HandsPanel => "授权", "Devices";
    HandsAdd => "授权新设备", "Authorise a device";
    HandsKind => "角色", "Role";
    HandsSections => "组别", "Sections";
    HandsAllSections => "全部组别", "All sections";
    HandsBoards => "台次范围（如 1-20，空为全部）", "Boards (e.g. 1-20; empty: all)";
    HandsPlayerNumber => "选手序号", "Player's number";
    HandsRevoke => "撤销", "Revoke";
    HandsRevoked => "已撤销", "Revoked";
    HandsLive => "有效", "Live";
    HandsNoDevices => "尚未授权任何设备", "No device is authorised yet";
    HandsQrOnce => "请用该设备扫描此二维码（只显示一次）：", "Scan this QR code with the device (shown once):";
    HandsAdded => "已授权设备{}：{}", "Device {} authorised: {}";
    HandsRevokedMsg => "设备{}的授权已撤销", "Device {}'s authorisation is revoked";
    HandsArriving => "手机送来的成绩", "Results from phones";
    HandsAcceptKeys => "Alt+↑↓ 选择 · Alt+Enter 接受 · Alt+A 全部接受 · Alt+Delete 驳回", "Alt+↑↓ pick · Alt+Enter accept · Alt+A accept all · Alt+Delete reject";
    HandsAccept => "接受", "Accept";
    HandsAcceptAll => "全部接受", "Accept all";
    HandsReject => "驳回", "Reject";
    HandsStand => "副裁判长/裁判员的成绩即时生效", "Deputies' results stand at once";
    HandsAccepted => "已接受{}条手机成绩", "{} results from phones accepted";
    HandsFrom => "{}（{}，设备{}）", "{} ({}, device {})";
    HandsRoleList => "设备\t角色\t持有人\t范围\t状态", "device\trole\tholder\tscope\tstate";
    HandsBadBoards => "台次范围“{}”无效，应如 1-20", "The board range “{}” is not valid; write e.g. 1-20";
    HandsCliPlayerNeeded => "选手角色需用 --player 指定序号", "A player's role needs --player NUMBER";
    HandsCliPersonNeeded => "请用 --person 写明持有人姓名", "Name the holder with --person";
    HandsDoorRefusedScope => "此人不在您负责检录的组别", "This entrant is not in your sections";
    HandsDoorRefusedRole => "此设备不能签到（不是检录授权）", "This device may not check players in (it has no check-in role)";
    HandsDoorNoOne => "查无此人", "No such entrant";
    HandsDoorClosed => "本组签到已截止，手机上不能再签到；迟到选手请到裁判长处办理", "Check-in for this section is closed: no more check-ins from a phone; a late arrival goes to the chief arbiter";
    HandsDoorExcluded => "此人已被取消比赛资格，不能签到", "This entrant is excluded and cannot check in";
    HandsDoorSearch => "序号、姓名、拼音首字母或参赛证号", "Number, name, pinyin initials or entry card code";
    HandsDoorFind => "查找", "Find";
    HandsDoorCheckIn => "签到", "Check in";
    HandsDoorUndo => "撤销签到", "Undo check-in";
    HandsDoorAt => "已签到 {}", "Checked in {}";
    HandsDoorDone => "{} 已签到（{}）", "{} checked in ({})";
    HandsDoorAlready => "{} 已于 {} 签到，未重复记录", "{} had checked in at {}; not stored twice";
    HandsDoorUndone => "已撤销 {} 的签到", "{}'s check-in undone";
    HandsDoorNotIn => "{} 尚未签到，无需撤销", "{} was not checked in; nothing to undo";
    HandsDoorMissing => "未签到（{}人）", "Not checked in ({})";
    HandsDoorNoMatch => "没有找到“{}”", "No one matches “{}”";
    HandsDoorAllIn => "全部已签到", "Everyone has checked in";
    HandsDoorClosedNote => "签到已截止", "Check-in is closed";
    HandsDoorNoSections => "尚无可检录的组别", "No section to check in yet";
    HandsNotYetStored => "尚未保存：笔记本没有及时响应。请点“重新提交”，不会重复记录。", "Not stored yet: the laptop did not answer in time. Tap “Send again”; it will not be stored twice.";
    HandsSendAgain => "重新提交", "Send again";
    ActCheckInCancel => "撤销签到", "Check-in undone";
    HandsBackToBoards => "返回台次列表", "Back to the boards";
    HandsBackToMine => "返回我的页面", "Back to my page";
    HandsYou => "（您）", " (you)";
    // The window's last rough edges (issue 37 point 7) and its start-up log (issue 39).
    PointsCustom => "（自定义）", "(custom)";
    DateFormHint => "日期应写作 2014-05-03、2014/5/3 或 2014年5月3日", "a date, written 2014-05-03 or 2014/5/3";
    DemoMark => "示例赛事（练习用）", "Demo event (for practice)";
    DemoMarkHelp => "这是程序自带的示例赛事，可随意试用；正式比赛请用“文件 → 新建赛事…”。", "The program's own demo event, to try things on; for a real event use File → New event….";
    OpenNoViewer => "已保存 {}，但没有程序打开它（{}）。请在文件夹中用 PDF 阅读器打开。", "Saved {}, but no program opened it ({}). Open it with a PDF reader from its folder.";
    BackupAfterPairing => "第{}轮编排后", "After pairing round {}";
    BackupAfterPairingOf => "{} 第{}轮编排后", "{}: after pairing round {}";
    BackupBeforeRestore => "恢复备份前", "Before a restore";
    BackupOther => "备份", "Backup";
    BackupTimeFormat => "%-m月%-d日 %H:%M", "%-d %b %H:%M";
    MenuSettings => "设置", "Settings";
    RendererLabel => "绘图方式", "Renderer";
    RendererAuto => "自动（先用 wgpu，无法启动时改用 OpenGL）", "Automatic (wgpu; OpenGL when it cannot start)";
    RendererWgpu => "wgpu（Direct3D、Vulkan 或 Metal）", "wgpu (Direct3D, Vulkan or Metal)";
    RendererGl => "OpenGL（旧显卡、远程桌面）", "OpenGL (old graphics, remote desktop)";
    RendererNextStart => "下次启动时生效", "Takes effect at the next start";
    HelpAbout => "关于编排", "About Bianpai";
    AboutVersion => "编排 Bianpai {}", "Bianpai {}";
    AboutLog => "启动记录（如改用 OpenGL 绘图）写在：", "Start-up notes (such as a switch to OpenGL) are written to:";
    LogStart => "启动 编排 {}（绘图方式：{}）", "Bianpai {} started (renderer: {})";
    AboutNoLog => "（没有数据文件夹，不写启动记录）", "(no data folder: no start-up notes are written)";
    TbBuchholz => "布赫霍尔茨分", "Buchholz";
    TbForeBuchholz => "预估布赫霍尔茨分", "Fore Buchholz";
    TbAverageOpponentsBuchholz => "对手平均布赫霍尔茨分", "Average of opponents' Buchholz";
    TbProgressive => "累进分", "Progressive score";
    TbElected => "实际对局数", "Games elected to play";
    TbKoya => "科亚分", "Koya";
    TbAro => "对手平均等级分", "Average rating of opponents";
    TbTpr => "表现分", "Performance rating";
    TbPtp => "完美表现分", "Perfect tournament performance";
    TbApro => "对手平均表现分", "Average performance of opponents";
    TbAppo => "对手平均完美表现分", "Average perfect performance of opponents";
    TbRating => "等级分", "Rating";
    TbKashdan => "卡什丹分", "Kashdan";
    TbKashdanAll => "卡什丹分（全部轮次）", "Kashdan (all rounds)";
    TbVirtualBuchholz => "虚拟布赫霍尔茨分", "Virtual Buchholz";
    TbFfe => "法国棋协表现分", "FFE performance";
    TbCutLow => "（去掉最低{}个）", " (lowest {} cut)";
    TbCutMedian => "（去掉最高、最低各{}个）", " (median, {} cut each end)";
    TbCutBoth => "（去掉最低{}个、最高{}个）", " (lowest {}, highest {} cut)";
    TbCutFirst => "（去掉前{}轮）", " (first {} rounds cut)";
    RendererFallback => "wgpu 绘图无法启动（{}），改用 OpenGL 绘图", "The wgpu renderer cannot start ({}); starting with OpenGL instead";
    VenueStartFailed => "场地网页无法在{}开启：{}", "The venue page cannot be served on {}: {}";
    VenueOn => "场地网页已开启：{}", "The venue page is on: {}";
    VenueOff => "场地网页已关闭", "The venue page is off";
    VenueServing => "场地网页：{}（按Ctrl+C停止）", "Venue page: {} (Ctrl+C stops it)";
    VenueScanHint => "扫码或在浏览器中打开 {} 查看对阵、排名与个人成绩", "Scan, or open {} in a browser, for the pairings, standings and your own results";
    VenueFind => "查找选手（姓名、拼音首字母、序号或参赛证号）", "Find a player (name, pinyin initials, number or entry card code)";
    VenueFindHint => "姓名、拼音首字母、序号或参赛证号", "Name, initials, number or entry card code";
    VenueFindButton => "查找", "Find";
    VenueNoMatch => "没有找到“{}”", "No player matches “{}”";
    VenueNotPaired => "尚未编排", "Not paired yet";
    VenueNoStandings => "第一轮全部结束后公布排名", "The standings appear once round 1 is complete";
    VenueThisRound => "本轮", "This round";
    VenueBoardN => "第{}台", "Board {}";
    VenueColour => "先后手", "Colour";
    VenueOpponent => "对手", "Opponent";
    VenueResultsSoFar => "已赛成绩", "Results so far";
    VenuePointsAfter => "累计积分", "Points";
    VenueNote => "编排说明", "Pairing note";
    VenueLive => "本页自动更新，无需刷新", "This page updates itself";
    VenueHome => "首页", "Home";
    VenueOtherLang => "English", "中文";
    VenueNoPage => "没有这个页面", "No such page";
    VenueReadOnlyRefusal => "本页只供查看", "This page is read-only";
    VenueBadPath => "无效的地址", "Not a valid address";
    VenueTooMany => "请求过于频繁，请稍候再试", "Too many requests; try again in a moment";
    VenueBusy => "访问的人太多，请稍候再试", "Too many people are reading the page; try again in a moment";
    VenueNothingYet => "赛事数据尚未发布", "Nothing is published yet";
    VenueByLot => "带*的名次由抽签决定", "* place decided by lot";
    VenueYouAre => "{}号 {}", "No. {} {}";
    VenueRoundCol => "轮次", "Round";
}

/// 慢棋, 快棋 … — the phase of a knockout or playoff match game; empty for a regular game.
pub fn phase_text(phase: crate::model::GamePhase, lang: Lang) -> &'static str {
    use crate::model::GamePhase;
    let key = match phase {
        GamePhase::Regular => return "",
        GamePhase::Slow => T::PhaseSlow,
        GamePhase::Rapid => T::PhaseRapid,
        GamePhase::SuddenDeath => T::PhaseSuddenDeath,
        GamePhase::Armageddon => T::PhaseArmageddon,
    };
    key.get(lang)
}

/// The first player's side as the game names it: 红方 in xiangqi, 白方 in chess.
/// How round 1 is paired, in words: the xiangqi Swiss's pattern, or what the other systems
/// always do.
pub fn first_round_label(
    system: crate::model::PairingSystem,
    pattern: crate::model::FirstRoundPattern,
) -> T {
    use crate::model::{FirstRoundPattern, PairingSystem};
    match system {
        PairingSystem::XiangqiSwiss => match pattern {
            FirstRoundPattern::AdjacentAlternating => T::FirstRoundAdjacent,
            FirstRoundPattern::RatingHalves => T::FirstRoundRatingHalves,
        },
        PairingSystem::Dutch => T::FirstRoundDutch,
        PairingSystem::Knockout => T::FirstRoundKnockout,
        PairingSystem::RoundRobin => T::FirstRoundBerger,
    }
}

pub fn first_side(game: crate::model::GameKind) -> T {
    match game {
        crate::model::GameKind::Chess => T::White,
        crate::model::GameKind::Xiangqi => T::Red,
    }
}

/// The words a sub-ranking's conditions and a special prize's 可兼得 are written in.
pub fn filter_words(lang: Lang) -> crate::model::FilterWords {
    let t = |k: T| k.get(lang);
    crate::model::FilterWords {
        male: t(T::Male),
        female: t(T::Female),
        overseas: t(T::Overseas),
        member: t(T::Member),
        grade: t(T::Grade),
        flag: t(T::FilterFlag),
        stacks: t(T::Stacks),
    }
}

/// Why an entrant may not enter a section, by the section's rule; `grade` is the grade he gave.
pub fn ineligibility_text(i: &crate::model::Ineligibility, grade: &str, lang: Lang) -> String {
    use crate::model::Ineligibility as I;
    let t = |k: T| k.get(lang);
    match i {
        I::BirthDateMissing => t(T::ImpErrBirthDateMissing).to_string(),
        I::BornBefore(d) => fill(t(T::ImpErrBornBefore), &[d]),
        I::BornAfter(d) => fill(t(T::ImpErrBornAfter), &[d]),
        I::GradeNotAdmitted => fill(t(T::ImpErrGradeNotAdmitted), &[&grade]),
        I::NoRoute => t(T::ImpErrNoRoute).to_string(),
        I::SexNotAdmitted(s) => fill(
            t(T::ImpErrSexNotAdmitted),
            &[&t(if *s == crate::model::Sex::Female {
                T::Female
            } else {
                T::Male
            })],
        ),
    }
}

/// What is too big in a file read in, in words: 文件超过 50 MB，未读取。
pub fn limit_text(limit: limits::Limit, lang: Lang) -> String {
    use limits::Limit as L;
    match limit {
        L::Bytes => fill(
            T::ImpErrTooLarge.get(lang),
            &[&(limits::MAX_FILE_BYTES / limits::MB)],
        ),
        L::Rows => fill(T::ImpErrTooManyRows.get(lang), &[&limits::MAX_ROWS]),
        L::Columns => fill(T::ImpErrTooManyColumns.get(lang), &[&limits::MAX_COLUMNS]),
        L::Cells => fill(T::ImpErrTooManyCells.get(lang), &[&limits::MAX_CELLS]),
        L::Inflated => fill(
            T::ImpErrInflates.get(lang),
            &[&(limits::MAX_INFLATED_BYTES / limits::MB)],
        ),
    }
}

/// Why a file could not be read or written, in words: the common causes by name, any other
/// by the system's error number (its own text is in English).
pub fn io_text(e: &std::io::Error, lang: Lang) -> String {
    use std::io::ErrorKind as K;
    let key = match e.kind() {
        K::NotFound => T::IoNotFound,
        K::PermissionDenied => T::IoPermissionDenied,
        K::IsADirectory => T::IoIsADirectory,
        K::StorageFull => T::IoStorageFull,
        K::ReadOnlyFilesystem => T::IoReadOnly,
        K::FileTooLarge => {
            let mb = limits::MAX_FILE_BYTES / limits::MB;
            return fill(T::IoTooLarge.get(lang), &[&mb]);
        }
        _ => {
            let code = e
                .raw_os_error()
                .map_or_else(|| format!("{:?}", e.kind()), |c| c.to_string());
            return fill(T::IoOther.get(lang), &[&code]);
        }
    };
    key.get(lang).to_string()
}

/// The words of a result in the game's colours (象棋 红胜, 国际象棋 白胜; 和, 黑方弃权 …);
/// nothing for a game not yet played.
/// A kind of bye in words: 轮空, 整分轮空, 半分轮空, 零分轮空.
/// 男 / 女; nothing when the sex is not known.
pub fn sex_text(sex: crate::model::Sex, lang: Lang) -> &'static str {
    use crate::model::Sex;
    match sex {
        Sex::Male => T::Male.get(lang),
        Sex::Female => T::Female.get(lang),
        Sex::Unknown => "",
    }
}

/// 参赛 / 退出 / 取消资格.
pub fn status_text(status: crate::model::EntrantStatus, lang: Lang) -> &'static str {
    use crate::model::EntrantStatus as S;
    match status {
        S::Active => T::StatusActive,
        S::Withdrawn => T::StatusWithdrawn,
        S::Excluded => T::StatusExcluded,
    }
    .get(lang)
}

/// 未缴 / 已缴 / 已退费.
pub fn payment_state_text(state: crate::model::PaymentState, lang: Lang) -> &'static str {
    use crate::model::PaymentState as S;
    match state {
        S::Unpaid => T::PaymentUnpaid,
        S::Paid => T::PaymentPaid,
        S::Refunded => T::PaymentRefunded,
    }
    .get(lang)
}

/// 现金 / 微信 / 支付宝 / 转账 / 其他.
pub fn payment_method_text(method: crate::model::PaymentMethod, lang: Lang) -> &'static str {
    use crate::model::PaymentMethod as M;
    match method {
        M::Cash => T::MethodCash,
        M::WeChat => T::MethodWeChat,
        M::Alipay => T::MethodAlipay,
        M::Transfer => T::MethodTransfer,
        M::Other => T::MethodOther,
    }
    .get(lang)
}

pub fn bye_kind_text(kind: crate::model::ByeKind, lang: Lang) -> &'static str {
    use crate::model::ByeKind as K;
    match kind {
        K::Pairing => T::Bye,
        K::Full => T::ByeFull,
        K::Half => T::ByeHalf,
        K::Zero => T::ByeZero,
    }
    .get(lang)
}

/// A game's result as the grids and sheets show it: its outcome, or 暂停 while adjourned.
pub fn game_result_text(
    g: &crate::model::Game,
    game: crate::model::GameKind,
    lang: Lang,
) -> &'static str {
    if g.adjourned && g.outcome.is_none() {
        T::Adjourned.get(lang)
    } else if g.late
        && let Some(o) = g.outcome
        && let Some(words) = late_text(o, game, lang)
    {
        words
    } else {
        outcome_text(g.outcome, game, lang)
    }
}

/// 迟到判负 in the game's colours: who was late, for a forfeit outcome (`None` for a played
/// one).
pub fn late_text(
    outcome: crate::model::Outcome,
    game: crate::model::GameKind,
    lang: Lang,
) -> Option<&'static str> {
    use crate::model::{GameKind, Outcome as O};
    let key = match outcome {
        O::BlackWinByForfeit if game == GameKind::Chess => T::OutcomeWhiteLate,
        O::BlackWinByForfeit => T::OutcomeRedLate,
        O::RedWinByForfeit => T::OutcomeBlackLate,
        O::DoubleForfeit => T::OutcomeBothLate,
        O::RedWin | O::Draw | O::BlackWin => return None,
    };
    Some(key.get(lang))
}

/// 迟到时限 as the regulation writes it, for the order book and the pairing sheet: "迟到时限：
/// 每轮10分钟" (seed 000) or "迟到时限：第1轮15分钟，其后各轮5分钟" (seed 001); `None` when
/// the section sets none.
pub fn lateness_text(l: &crate::model::Lateness, lang: Lang) -> Option<String> {
    if !l.is_set() {
        return None;
    }
    if l.same_every_round() {
        return Some(fill(T::LatenessSame.get(lang), &[&l.first_round]));
    }
    let minutes = |m: u32| {
        if m == 0 {
            T::LatenessNone.get(lang).to_string()
        } else {
            fill(T::LatenessMinutes.get(lang), &[&m])
        }
    };
    Some(fill(
        T::LatenessSplit.get(lang),
        &[&minutes(l.first_round), &minutes(l.later_rounds)],
    ))
}

pub fn outcome_text(
    outcome: Option<crate::model::Outcome>,
    game: crate::model::GameKind,
    lang: Lang,
) -> &'static str {
    use crate::model::{GameKind, Outcome as O};
    let chess = game == GameKind::Chess;
    let key = match outcome {
        None => return "",
        Some(O::RedWin) if chess => T::OutcomeWhiteWin,
        Some(O::RedWin) => T::OutcomeRedWin,
        Some(O::Draw) => T::OutcomeDraw,
        Some(O::BlackWin) => T::OutcomeBlackWin,
        Some(O::RedWinByForfeit) => T::OutcomeRedWinByForfeit,
        Some(O::BlackWinByForfeit) if chess => T::OutcomeWhiteForfeits,
        Some(O::BlackWinByForfeit) => T::OutcomeBlackWinByForfeit,
        Some(O::DoubleForfeit) => T::OutcomeDoubleForfeit,
    };
    key.get(lang)
}

/// A break of an absolute pairing rule in the arbiter's words, players named by `who`.
pub fn break_text(
    w: &crate::pairing::xiangqi::checker::Break,
    who: &dyn Fn(crate::model::EntrantId) -> String,
    lang: Lang,
) -> String {
    use crate::pairing::xiangqi::checker::Break as B;
    let t = |k: T| k.get(lang);
    match w {
        B::Rematch { board } => fill(t(T::WarnRematch), &[board]),
        B::SameUnit { board } => fill(t(T::WarnSameUnit), &[board]),
        B::Prohibited { board } => fill(t(T::WarnProhibited), &[board]),
        B::ColourLimit { board, player } => fill(t(T::WarnColourLimit), &[board, &who(*player)]),
        B::SecondBye { player } => fill(t(T::WarnSecondBye), &[&who(*player)]),
        B::Excluded { player } => fill(t(T::WarnExcluded), &[&who(*player)]),
        B::Duplicate { player } => fill(t(T::WarnDuplicate), &[&who(*player)]),
        B::HouseNotNeeded { player } => fill(t(T::WarnHouseNotNeeded), &[&who(*player)]),
        B::HouseLeftOut { player } => fill(t(T::WarnHouseLeftOut), &[&who(*player)]),
        B::ColourPreference { board } => fill(t(T::WarnColourPreference), &[board]),
    }
}

/// The arbiter's words for a journalled action code (an unknown code is shown as it is).
pub fn action_name(code: &str, lang: Lang) -> String {
    let key = match code {
        "create" => T::ActCreate,
        "event.info" => T::ActEventInfo,
        "section.add" => T::ActSectionAdd,
        "section.update" => T::ActSectionUpdate,
        "section.remove" => T::ActSectionRemove,
        "entrant.add" => T::ActEntrantAdd,
        "entrant.update" => T::ActEntrantUpdate,
        "entrant.remove" => T::ActEntrantRemove,
        "team.add" => T::ActTeamAdd,
        "team.edit" => T::ActTeamEdit,
        "team.remove" => T::ActTeamRemove,
        "team.lineup" => T::ActTeamLineup,
        "team.forfeit" => T::ActTeamForfeit,
        "team.bye" => T::ActTeamBye,
        "entrants.import" => T::ActImport,
        "section.trf" => T::ActSectionFromTrf,
        "entrants.qualifiers" => T::ActQualifiers,
        "lots.draw" => T::DrawLots,
        "checkin" => T::ActCheckIn,
        "checkin.late" => T::ActCheckInLate,
        "checkin.close" => T::ActCheckInClose,
        "fee.pay" => T::ActFeePay,
        "fee.refund" => T::ActFeeRefund,
        "round.pair" => T::PairNextRound,
        "round.unpair" => T::UnpairLastRound,
        "result.set" => T::ActResult,
        "results.round" => T::ActRoundResults,
        "result.correct" => T::ActResultCorrect,
        "result.adjourn" => T::ActAdjourn,
        "result.resume" => T::ActResume,
        "round.edit" => T::ActRoundEdit,
        "fide.leave" => T::ActFideLeave,
        "round.manual" => T::ActManualPairing,
        "warning.override" => T::ActWarningOverridden,
        "knockout.pair" => T::ActKnockoutPair,
        "undo" => T::ActUndo,
        "backup.restore" => T::Restore,
        "role.add" => T::ActDeviceAdd,
        "role.revoke" => T::ActDeviceRevoke,
        "phone.entry" => T::ActPhoneEntry,
        "phone.reject" => T::ActPhoneReject,
        "hands.setting" => T::ActHandsSetting,
        "checkin.cancel" => T::ActCheckInCancel,
        other => return other.to_string(),
    };
    key.get(lang).to_string()
}

/// What an entry's state is called.
pub fn entry_state_word(state: crate::model::EntryState) -> T {
    match state {
        crate::model::EntryState::Pending => T::HandsStatePending,
        crate::model::EntryState::AwaitingOpponent => T::HandsStateAwaiting,
        crate::model::EntryState::Conflict => T::HandsStateConflict,
        crate::model::EntryState::Accepted => T::HandsStateAccepted,
        crate::model::EntryState::Rejected => T::HandsStateRejected,
        crate::model::EntryState::Same => T::HandsStateSame,
    }
}

/// What a role's kind is called.
pub fn role_kind_word(kind: crate::model::RoleKind) -> T {
    match kind {
        crate::model::RoleKind::Deputy => T::HandsDeputy,
        crate::model::RoleKind::CheckIn => T::HandsCheckIn,
        crate::model::RoleKind::Player => T::HandsPlayer,
    }
}

/// The message after an undo: "已撤销 录入成绩：男子组 第2轮 第8台：和".
pub fn undone_text(action: &str, entry: &crate::conduct::JournalEntry, lang: Lang) -> String {
    format!(
        "{}{}{}{}",
        T::Undone.get(lang),
        action_name(action, lang),
        T::ListLead.get(lang),
        journal_entry(entry, lang)
    )
}

/// A backup copy in words: 男子组 第3轮编排后 · 8月29日 14:05.
pub fn backup_copy_text(copy: &crate::conduct::BackupCopy, lang: Lang) -> String {
    use crate::conduct::CopyKind;
    let what = match &copy.kind {
        CopyKind::AfterPairing {
            section: Some(section),
            round,
        } => fill(T::BackupAfterPairingOf.get(lang), &[section, round]),
        CopyKind::AfterPairing {
            section: None,
            round,
        } => fill(T::BackupAfterPairing.get(lang), &[round]),
        CopyKind::BeforeRestore => T::BackupBeforeRestore.get(lang).to_string(),
        CopyKind::Other(name) if name.is_empty() => T::BackupOther.get(lang).to_string(),
        CopyKind::Other(name) => name.clone(),
    };
    match copy.made {
        Some(at) => format!("{what} · {}", at.format(T::BackupTimeFormat.get(lang))),
        None => what,
    }
}

/// What a journalled action did, in words (an older file's text as it was written).
pub fn journal_entry(entry: &crate::conduct::JournalEntry, lang: Lang) -> String {
    use crate::conduct::{EditChange, JournalEntry as J};
    let t = |k: T| k.get(lang);
    match entry {
        J::Event { name } | J::Section { name } => name.clone(),
        J::Entrant { section, player } => fill(t(T::JournalEntrant), &[section, player]),
        J::Import { section, count } => fill(t(T::JournalImport), &[section, count]),
        J::Qualifiers { from, to, count } => fill(t(T::JournalQualifiers), &[from, to, count]),
        J::TrfSection {
            name,
            entrants,
            rounds,
        } => fill(t(T::JournalTrfSection), &[name, entrants, rounds]),
        J::Lots { section, seed } => fill(t(T::JournalLots), &[section, seed]),
        J::Device {
            device,
            kind,
            person,
            ..
        } => {
            let who = format!("{} {person}", t(role_kind_word(*kind)));
            match device {
                Some(d) => fill(t(T::JournalDevice), &[d, &who]),
                None => who,
            }
        }
        J::PhoneEntry {
            section,
            round,
            board,
            state,
        } => fill(
            t(T::JournalBoard),
            &[section, round, board, &t(entry_state_word(*state))],
        ),
        J::PhoneRejected {
            section,
            round,
            board,
        } => fill(
            t(T::JournalBoard),
            &[section, round, board, &t(T::HandsStateRejected)],
        ),
        J::DeputiesStand { on } => format!(
            "{}{}{}",
            t(T::HandsStand),
            t(T::ListLead),
            t(if *on { T::Yes } else { T::No })
        ),
        J::Payment {
            section,
            player,
            payment,
        } => {
            let mut text = fill(
                t(T::JournalPayment),
                &[
                    section,
                    player,
                    &payment_state_text(payment.state, lang),
                    &payment.amount,
                ],
            );
            if let Some(m) = payment.method {
                text += &fill(t(T::JournalPaymentMethod), &[&payment_method_text(m, lang)]);
            }
            if !payment.receipt.is_empty() {
                text += t(T::FieldGap);
                text += &fill(t(T::JournalPaymentReceipt), &[&payment.receipt]);
            }
            text
        }
        J::CheckInClosed {
            section,
            present,
            absent,
        } => fill(
            t(T::JournalCheckInClosed),
            &[
                section,
                present,
                &absent.len(),
                &absent.join(t(T::ListSeparator)),
            ],
        ),
        J::Round { section, round } => fill(t(T::JournalRound), &[section, round]),
        J::Adjourned {
            section,
            round,
            boards,
        } => {
            let boards: Vec<String> = boards.iter().map(u32::to_string).collect();
            fill(
                t(T::JournalAdjourned),
                &[section, round, &boards.join(t(T::ListSeparator))],
            )
        }
        J::Resumed {
            section,
            round,
            board,
        } => fill(t(T::JournalResumed), &[section, round, board]),
        J::RoundResults {
            section,
            round,
            boards,
        } => fill(t(T::JournalRoundResults), &[section, round, boards]),
        J::Result {
            section,
            round,
            board,
            outcome,
            fouls,
            reason,
            game,
            overridden,
            late,
        } => {
            let what = match outcome {
                Some(o) if *late => late_text(*o, *game, lang)
                    .unwrap_or_else(|| outcome_text(*outcome, *game, lang)),
                Some(_) => outcome_text(*outcome, *game, lang),
                None => t(T::JournalCleared),
            };
            let mut s = fill(t(T::JournalBoard), &[section, round, board, &what]);
            if *fouls != (0, 0) {
                s += &fill(t(T::JournalFouls), &[&fouls.0, &fouls.1]);
            }
            if let Some(r) = reason {
                s += &fill(t(T::JournalReason), &[r]);
            }
            if let Some((w, l)) = overridden {
                s += t(T::NoteSeparator);
                s += &fill(
                    t(T::JournalWarningOverridden),
                    &[&rule_warning_text(w, lang), &level_text(*l, lang)],
                );
            }
            s
        }
        J::RoundEdit {
            section,
            round,
            change,
            warnings,
            players,
        } => {
            let seat = |p: &Option<String>| p.clone().unwrap_or_else(|| t(T::NoteEmptySeat).into());
            let mut s = match change {
                EditChange::Swap { first, second } => fill(
                    t(T::JournalSwap),
                    &[section, round, &seat(first), &seat(second)],
                ),
                EditChange::Colours { board } => {
                    fill(t(T::JournalColours), &[section, round, board])
                }
            };
            if !warnings.is_empty() {
                let who = |id| {
                    players
                        .iter()
                        .find(|(p, _)| *p == id)
                        .map_or_else(|| "?".to_string(), |(_, label)| label.clone())
                };
                let list: Vec<String> =
                    warnings.iter().map(|w| break_text(w, &who, lang)).collect();
                s += &fill(t(T::JournalWarnings), &[&list.join(t(T::NoteSeparator))]);
            }
            s
        }
        J::Knockout {
            section,
            round,
            boards,
        } => {
            let list: Vec<String> = boards
                .iter()
                .map(|(board, red, black, phase)| {
                    fill(
                        t(T::JournalKnockoutBoard),
                        &[board, red, black, &phase_text(*phase, lang)],
                    )
                })
                .collect();
            format!(
                "{}{}{}",
                fill(t(T::JournalRound), &[section, round]),
                t(T::ListLead),
                list.join(t(T::NoteSeparator))
            )
        }
        J::EndedEarly {
            section,
            round,
            players,
        } => fill(
            t(T::JournalEndedEarly),
            &[
                section,
                round,
                &players.join(t(T::ListSeparator)),
                &round.saturating_sub(1),
            ],
        ),
        J::FideLeft {
            section,
            after_round,
            reason,
        } => {
            let why = match reason {
                crate::model::LeaveReason::Arbiter(text) => text.clone(),
                crate::model::LeaveReason::Prohibited(a, b) => {
                    fill(t(T::JournalFideProhibited), &[a, b])
                }
            };
            fill(t(T::JournalFideLeft), &[section, after_round, &why])
        }
        J::ManualPairing {
            section,
            round,
            differences,
        } => fill(
            t(T::JournalManualPairing),
            &[section, round, &differences.join(t(T::NoteSeparator))],
        ),
        J::WarningOverridden { section, warnings } => {
            let list: Vec<String> = warnings
                .iter()
                .map(|(w, l)| {
                    fill(
                        t(T::JournalWarningOverridden),
                        &[&rule_warning_text(w, lang), &level_text(*l, lang)],
                    )
                })
                .collect();
            format!(
                "{section}{}{}",
                t(T::ListLead),
                list.join(t(T::NoteSeparator))
            )
        }
        J::Restore { backup, copy } => copy
            .as_ref()
            .map_or_else(|| backup.clone(), |c| backup_copy_text(c, lang)),
        J::Undo { action, entry } => fill(
            t(T::JournalUndo),
            &[&action_name(action, lang), &journal_entry(entry, lang)],
        ),
        J::Text(text) => text.clone(),
    }
}

/// A warning level in words.
pub fn level_text(level: crate::model::WarningLevel, lang: Lang) -> String {
    use crate::model::WarningLevel as L;
    match level {
        L::Notice => T::LevelNotice,
        L::Warning => T::LevelWarning,
        L::Strong => T::LevelStrong,
        L::Refused => T::LevelRefused,
    }
    .get(lang)
    .to_string()
}

/// An action against the rules, in words.
pub fn rule_warning_text(w: &crate::model::RuleWarning, lang: Lang) -> String {
    use crate::model::RuleWarning as W;
    let key = match w {
        W::LeaveFideMode => T::RwLeaveFide,
        W::ProhibitedAfterRoundOne => T::RwProhibitedAfterOne,
        W::TiebreaksChangedAfterRoundOne { .. } => T::RwTiebreaksChanged,
        W::RoundsChanged { from, to } => {
            return fill(T::RwRoundsChanged.get(lang), &[from, to]);
        }
        W::OldResultChanged { round, board } => {
            return fill(T::RwOldResult.get(lang), &[round, board]);
        }
        W::ByeAboveWin => T::RwByeAboveWin,
        W::TwoDrawsAboveWinLoss => T::RwTwoDrawsAboveWinLoss,
        W::RenumberAfterRoundFour => T::RwRenumber,
        W::AdjournedResult { round, board, .. } => {
            return fill(T::RwAdjournedResult.get(lang), &[round, board]);
        }
        W::AdjournmentStillOpen { round, board } => {
            return fill(T::RwAdjournmentOpen.get(lang), &[round, board]);
        }
        W::LastRoundFinality {
            round,
            now_final: true,
        } => return fill(T::RwNowFinal.get(lang), &[round, round]),
        W::LastRoundFinality {
            round,
            now_final: false,
        } => return fill(T::RwNoLongerFinal.get(lang), &[round, round]),
        W::RoundsExceedField { rounds, players } => {
            return fill(T::RwRoundsExceedField.get(lang), &[players, rounds]);
        }
    };
    key.get(lang).to_string()
}

/// The characters no font has, each with its entrant (section, "number name", character):
/// "男子组 12 张\u{F0000}（U+F0000）".
pub fn unprintable_text<'a>(
    list: impl IntoIterator<Item = (&'a str, &'a str, char)>,
    lang: Lang,
) -> String {
    let items: Vec<String> = list
        .into_iter()
        .map(|(section, entrant, ch)| match lang {
            Lang::Zh => format!("{section} {entrant}（U+{:04X}）", ch as u32),
            Lang::En => format!("{section} {entrant} (U+{:04X})", ch as u32),
        })
        .collect();
    fill(
        T::WarnUnprintable.get(lang),
        &[&items.join(T::NoteSeparator.get(lang))],
    )
}

/// A tiebreak's column title: in Chinese the rule-book name where the regulations give one
/// (对手分, 累进分 …), otherwise (and in English) the FIDE acronym.
pub fn tiebreak_label(tb: crate::model::Tiebreak, lang: Lang) -> String {
    match (lang, tb.chinese_name()) {
        (Lang::Zh, Some(name)) => name.to_string(),
        _ => tb.acronym(),
    }
}

/// A tiebreak as the window names it: in Chinese always in words — the regulations' name where
/// they give one, else the FIDE criterion's Chinese name with its cuts (布赫霍尔茨分（去掉最低1个）
/// for BH-C1) — so that no bare code stands in the Chinese window; in English its acronym. The
/// window shows the acronym (BH-C1, SB, DE …) beside or over it where an arbiter types it.
pub fn tiebreak_window_name(tb: crate::model::Tiebreak, lang: Lang) -> String {
    use crate::model::Tiebreak as Tb;
    if lang == Lang::En {
        return tb.acronym();
    }
    if let Some(name) = tb.chinese_name() {
        // 小分 and 累进分 name the uncut criterion only.
        match tb {
            Tb::SonnebornBerger { cut } | Tb::Progressive { cut } if cut > 0 => {}
            _ => return name.to_string(),
        }
    }
    let cuts = |low: u8, high: u8| match (low, high) {
        (0, 0) => String::new(),
        (l, 0) => fill(T::TbCutLow.get(lang), &[&l]),
        (l, h) if l == h => fill(T::TbCutMedian.get(lang), &[&l]),
        (l, h) => fill(T::TbCutBoth.get(lang), &[&l, &h]),
    };
    let t = |k: T| k.get(lang).to_string();
    match tb {
        Tb::Buchholz { low, high } => t(T::TbBuchholz) + &cuts(low, high),
        Tb::ForeBuchholz { low, high } => t(T::TbForeBuchholz) + &cuts(low, high),
        Tb::VirtualBuchholz { low, high } => t(T::TbVirtualBuchholz) + &cuts(low, high),
        Tb::AverageRatingOpponents { low, high } => t(T::TbAro) + &cuts(low, high),
        Tb::AverageOpponentsBuchholz => t(T::TbAverageOpponentsBuchholz),
        Tb::SonnebornBerger { cut } => {
            Tb::SonnebornBerger { cut: 0 }
                .chinese_name()
                .unwrap_or("SB")
                .to_string()
                + &cuts(cut, 0)
        }
        Tb::Progressive { cut } => t(T::TbProgressive) + &fill(T::TbCutFirst.get(lang), &[&cut]),
        Tb::ElectedToPlay => t(T::TbElected),
        Tb::Koya { .. } => format!("{}{}", t(T::TbKoya), tb.acronym().trim_start_matches("KS")),
        Tb::PerformanceRating => t(T::TbTpr),
        Tb::PerfectPerformance => t(T::TbPtp),
        Tb::AveragePerformanceOpponents => t(T::TbApro),
        Tb::AveragePerfectPerformanceOpponents => t(T::TbAppo),
        Tb::Rating => t(T::TbRating),
        Tb::Kashdan => t(T::TbKashdan),
        Tb::KashdanAllRounds => t(T::TbKashdanAll),
        Tb::FfePerformance => t(T::TbFfe),
        other => other.acronym(),
    }
}

/// A criterion of the xiangqi Swiss in the rule book's words.
pub fn criterion_text(c: crate::pairing::xiangqi::explain::Criterion, lang: Lang) -> &'static str {
    use crate::pairing::xiangqi::explain::Criterion;
    match c {
        Criterion::ScoreGroup => T::CriterionScoreGroup,
        Criterion::NearestScore => T::CriterionNearestScore,
        Criterion::StrongColour => T::CriterionStrongColour,
        Criterion::MildColour => T::CriterionMildColour,
        Criterion::FloatBalance => T::CriterionFloatBalance,
        Criterion::Floater => T::CriterionFloater,
        Criterion::Position => T::CriterionPosition,
        Criterion::Bye => T::CriterionBye,
    }
    .get(lang)
}

/// The checker's finding that a better pairing exists, players named by `who`.
pub fn better_text(
    b: &crate::pairing::xiangqi::checker::Better,
    who: &dyn Fn(crate::model::EntrantId) -> String,
    lang: Lang,
) -> String {
    use crate::pairing::xiangqi::checker::Better;
    match b {
        Better::Bye { instead } => fill(T::CheckBetterBye.get(lang), &[&who(*instead)]),
        Better::Pairs { criterion } => fill(
            T::CheckBetterPairs.get(lang),
            &[&criterion_text(*criterion, lang)],
        ),
    }
}

/// One pairing note in words, players named by pairing number and name.
pub fn pairing_note(
    note: &crate::conduct::PairingNote,
    s: &crate::model::Section,
    lang: Lang,
) -> String {
    use crate::conduct::PairingNote as N;
    use crate::pairing::xiangqi::explain::{ColourNote, Criterion, WhyNot};
    let t = |k: T| k.get(lang);
    let who = |id: crate::model::EntrantId| s.label(id);
    let seat =
        |id: Option<crate::model::EntrantId>| id.map_or_else(|| t(T::NoteEmptySeat).into(), who);
    let criterion = |c: Criterion| criterion_text(c, lang);
    match note {
        N::Board(b) => {
            let mut parts = vec![match &b.float {
                None => fill(t(T::NoteScoreGroup), &[&b.red_score]),
                Some(f) => fill(
                    t(T::NoteFloat),
                    &[
                        &who(f.down),
                        &who(f.up),
                        &f.levels,
                        &b.red_score,
                        &b.black_score,
                    ],
                ),
            }];
            let colour = match b.colour {
                ColourNote::OnlyLegal => t(T::ColourOnlyLegal).to_string(),
                ColourNote::BothPreferences => t(T::ColourBothPreferences).to_string(),
                ColourNote::LeaderFirst => t(T::ColourLeaderFirst).to_string(),
                ColourNote::StrongerNeed => t(T::ColourStrongerNeed).to_string(),
                ColourNote::History(k) => fill(t(T::ColourHistory), &[&k]),
                ColourNote::RoundParity => t(T::ColourRoundParity).to_string(),
                ColourNote::Pattern => t(T::ColourPattern).to_string(),
            };
            parts.push(fill(t(T::NoteColours), &[&colour]));
            if !b.gave_way.is_empty() {
                let g: Vec<&str> = b.gave_way.iter().map(|&c| criterion(c)).collect();
                parts.push(fill(t(T::NoteGaveWay), &[&g.join(t(T::ListSeparator))]));
            }
            if let Some((other, why)) = &b.why_not {
                let reason = match why {
                    WhyNot::NotPaired(id) => fill(t(T::WhyNotNotPaired), &[&who(*id)]),
                    WhyNot::ArePaired => t(T::WhyNotArePaired).into(),
                    WhyNot::AlreadyMet => t(T::WhyNotAlreadyMet).into(),
                    WhyNot::SameUnit => t(T::WhyNotSameUnit).into(),
                    WhyNot::Prohibited => t(T::WhyNotProhibited).into(),
                    WhyNot::ColourLimits => t(T::WhyNotColourLimits).into(),
                    WhyNot::Worse { criterion: c } => fill(t(T::WhyNotWorse), &[&criterion(*c)]),
                    WhyNot::Strands => t(T::WhyNotStrands).into(),
                    WhyNot::Tie => t(T::WhyNotTie).into(),
                };
                parts.push(fill(t(T::NoteWhyNot), &[&who(*other), &reason]));
            }
            parts.join(t(T::NoteSeparator))
        }
        N::Bye(b) => {
            let mut text = fill(t(T::NoteBye), &[&who(b.entrant), &b.score]);
            if !b.passed_over.is_empty() {
                let names: Vec<String> = b.passed_over.iter().map(|&id| who(id)).collect();
                text += t(T::NoteSeparator);
                text += &fill(t(T::NoteByePassedOver), &[&names.join(t(T::ListSeparator))]);
            }
            if let Some(id) = b.instead_of {
                text += t(T::NoteSeparator);
                text += &fill(t(T::NoteByeInsteadOf), &[&who(id)]);
            }
            text
        }
        N::RoundOne(r) => {
            let mut parts = vec![];
            if !r.swaps.is_empty() {
                let swaps: Vec<String> = r
                    .swaps
                    .iter()
                    .map(|(a, b)| fill(t(T::NoteRoundOneSwap), &[a, b]))
                    .collect();
                parts.push(fill(
                    t(T::NoteRoundOneSwaps),
                    &[&swaps.join(t(T::ListSeparator))],
                ));
            }
            if r.unavoidable_same_unit > 0 {
                parts.push(fill(
                    t(T::NoteRoundOneUnavoidable),
                    &[&r.unavoidable_same_unit],
                ));
            }
            parts.join(t(T::NoteSeparator))
        }
        N::House {
            others,
            plays,
            sits_out,
        } => {
            let mut parts: Vec<String> = plays
                .iter()
                .map(|&id| fill(t(T::NoteHousePlays), &[&who(id), others]))
                .collect();
            parts.extend(
                sits_out
                    .iter()
                    .map(|&id| fill(t(T::NoteHouseSitsOut), &[&who(id), others])),
            );
            parts.join(t(T::NoteSeparator))
        }
        N::ManualSwap { first, second } => {
            fill(t(T::NoteManualSwap), &[&seat(*first), &seat(*second)])
        }
        N::ManualColours { board } => fill(t(T::NoteManualColours), &[board]),
        N::Text(text) => text.clone(),
    }
}

/// Several notes of one board in words, one after the other.
pub fn pairing_notes(
    notes: &[crate::conduct::PairingNote],
    s: &crate::model::Section,
    lang: Lang,
) -> String {
    let texts: Vec<String> = notes.iter().map(|n| pairing_note(n, s, lang)).collect();
    texts.join(T::NoteSeparator.get(lang))
}

/// The tiebreak list as the arbiter reads and types it, in the words of [`tiebreak_label`]
/// where they read back, else by acronym.
pub fn tiebreak_list_text(list: &[crate::model::Tiebreak], lang: Lang) -> String {
    crate::model::print_list(list, |tb| tiebreak_label(tb, lang))
}

/// "慢棋2局（猜先） → 快棋2局（换先） → 超快棋决胜（猜先）" — a match's chain of phases.
pub fn phases_text(phases: &[crate::model::MatchPhase], lang: Lang) -> String {
    use crate::model::{ColourRule, GamePhase};
    let t = |k: T| k.get(lang);
    phases
        .iter()
        .map(|p| {
            let kind = phase_text(p.kind, lang);
            let kind = match p.kind {
                GamePhase::SuddenDeath | GamePhase::Armageddon => kind.to_string(),
                _ => fill(t(T::PhaseGames), &[&kind, &p.games]),
            };
            let colours = match p.first_colours {
                ColourRule::Lot => T::ColourLot,
                ColourRule::SwapPrevious => T::ColourSwap,
                ColourRule::HigherSeedChooses => T::ColourHigherSeed,
                ColourRule::LotWinnerChooses => T::ColourLotWinner,
            };
            fill(t(T::PhaseWithColours), &[&kind, &t(colours)])
        })
        .collect::<Vec<_>>()
        .join(" → ")
}

/// A tiebreak preset's name: what it holds (its criteria in order), then the rule or the
/// regulation it follows.
pub fn tiebreak_preset_label(p: crate::model::Preset, lang: Lang) -> String {
    use crate::model::Preset;
    let source = match p {
        Preset::Xiangqi1431 => T::TbPreset1431,
        Preset::Xiangqi1432 => T::TbPreset1432,
        Preset::Xiangqi141 => T::TbPreset141,
        Preset::Seed001RoundRobin => T::TbPresetSeed001RoundRobin,
        Preset::FideSwiss => T::TbPresetFideSwiss,
        Preset::FideRoundRobin => T::TbPresetFideRoundRobin,
    };
    // Only the window shows a preset: in its words, not codes.
    let names: Vec<String> = p
        .list()
        .iter()
        .map(|&tb| tiebreak_window_name(tb, lang))
        .collect();
    let list = names.join(match lang {
        Lang::Zh => "、",
        Lang::En => ", ",
    });
    fill(T::PresetSource.get(lang), &[&list, &source.get(lang)])
}

/// An award preset's name: what it holds (places, how far the money goes, titles, special
/// prizes, qualifiers, promotions), then the regulation it comes from.
pub fn award_preset_label(p: crate::model::AwardPreset, lang: Lang) -> String {
    use crate::model::AwardPreset as A;
    let (holds, source) = match p {
        A::Seed000Men => (T::AwSeed000Men, T::AwSourceSeed000Men),
        A::Seed000Women => (T::AwSeed000Women, T::AwSourceSeed000Women),
        A::Seed002QualifierMen => (T::AwSeed002QualifierMen, T::AwSourceSeed002QualifierMen),
        A::Seed002QualifierWomen => (T::AwSeed002QualifierWomen, T::AwSourceSeed002QualifierWomen),
        A::Seed002MainMen => (T::AwSeed002MainMen, T::AwSourceSeed002MainMen),
        A::Seed002MainWomen => (T::AwSeed002MainWomen, T::AwSourceSeed002MainWomen),
        A::Seed004Open => (T::AwSeed004Open, T::AwSourceSeed004Open),
        A::Seed004GradeEvent => (T::AwSeed004GradeEvent, T::AwSourceSeed004GradeEvent),
    };
    fill(
        T::PresetSource.get(lang),
        &[&holds.get(lang), &source.get(lang)],
    )
}

/// A tiebreak list that could not be read, in words.
pub fn tiebreak_parse_error_text(e: &crate::model::TiebreakParseError, lang: Lang) -> String {
    use crate::model::TiebreakParseError;
    match e {
        TiebreakParseError::Unknown(name, item) => {
            fill(T::TiebreakUnknown.get(lang), &[item, name])
        }
        TiebreakParseError::Modifier {
            base,
            modifier,
            item,
        } => fill(T::TiebreakModifier.get(lang), &[item, base, modifier]),
        TiebreakParseError::Empty => T::TiebreakListEmpty.get(lang).to_string(),
    }
}

/// An item of a one-line list (prize bands, titles, qualification) that could not be read, in
/// words: which item, as typed, and what is wrong.
pub fn list_item_error_text(e: &crate::model::ListItemError, lang: Lang) -> String {
    use crate::model::ItemProblem;
    let problem = match e.problem {
        ItemProblem::NoColon => T::ItemNoColon,
        ItemProblem::Places => T::ItemPlaces,
        ItemProblem::Amount => T::ItemAmount,
        ItemProblem::Count => T::ItemCount,
        ItemProblem::Title => T::ItemTitle,
        ItemProblem::ExtraPart => T::ItemExtraPart,
        ItemProblem::RoundZero => T::ItemRoundZero,
        ItemProblem::Name => T::ItemName,
        ItemProblem::Grades => T::ItemGrades,
        ItemProblem::Rate => T::ItemRate,
    };
    fill(
        T::ListItemBad.get(lang),
        &[&e.item, &e.text, &problem.get(lang)],
    )
}

/// 税前 or 税后 — printed beside the amounts of a prize table.
pub fn tax_basis(tax: crate::model::TaxBasis, lang: Lang) -> &'static str {
    match tax {
        crate::model::TaxBasis::BeforeTax => T::BeforeTax.get(lang),
        crate::model::TaxBasis::AfterTax => T::AfterTax.get(lang),
    }
}

/// Fills `{}` placeholders in order; `{0}`, `{1}` … by position.
pub fn fill(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut next = 0;
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let inner = &after[..close];
                let idx = if inner.is_empty() {
                    next += 1;
                    Some(next - 1)
                } else {
                    inner.parse::<usize>().ok()
                };
                match idx.and_then(|i| args.get(i)) {
                    Some(a) => out.push_str(&a.to_string()),
                    None => {
                        out.push('{');
                        out.push_str(inner);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_worded_in_the_game_s_colours() {
        use crate::model::{GameKind, Outcome};
        let words = |game| {
            [
                Outcome::RedWin,
                Outcome::Draw,
                Outcome::BlackWin,
                Outcome::RedWinByForfeit,
                Outcome::BlackWinByForfeit,
            ]
            .map(|o| outcome_text(Some(o), game, Lang::Zh))
        };
        assert_eq!(
            words(GameKind::Xiangqi),
            ["红胜", "和", "黑胜", "黑方弃权", "红方弃权"]
        );
        assert_eq!(
            words(GameKind::Chess),
            ["白胜", "和", "黑胜", "黑方弃权", "白方弃权"]
        );
        assert_eq!(outcome_text(None, GameKind::Chess, Lang::Zh), "");
    }

    #[test]
    fn pairing_notes_name_players_by_number_and_speak_one_language() {
        use crate::conduct::PairingNote;
        use crate::model::{Entrant, EntrantId, Points, Section};
        use crate::pairing::xiangqi::explain::*;
        let mut s = Section::default();
        for (id, number, name) in [(31, 8, "周喆"), (32, 3, "王堃"), (33, 5, "李明")] {
            s.entrants.push(Entrant {
                id: EntrantId(id),
                number: Some(number),
                name: name.into(),
                ..Entrant::default()
            });
        }
        let board = PairingNote::Board(BoardExplanation {
            board: 2,
            red: EntrantId(31),
            black: EntrantId(32),
            red_score: Points(6),
            black_score: Points(4),
            float: Some(FloatNote {
                down: EntrantId(31),
                up: EntrantId(32),
                levels: 1,
            }),
            colour: ColourNote::History(2),
            gave_way: vec![Criterion::FloatBalance],
            why_not: Some((EntrantId(33), WhyNot::AlreadyMet)),
        });
        let zh = pairing_note(&board, &s, Lang::Zh);
        assert_eq!(
            zh,
            "8 周喆下调、3 王堃上调，跨1个分数段（3分对2分）；先后手：与2轮前的先后手相反；\
             让步的编排原则：上下调平衡；为何不与5 李明相遇：二人已相遇过"
        );
        let en = pairing_note(&board, &s, Lang::En);
        assert_eq!(
            en,
            "8 周喆 floats down, 3 王堃 up, across 1 score level(s) (3 points against 2); colours: alternated \
             from 2 round(s) back; rules that gave way: float balance; why not against 5 李明? \
             they have met"
        );
        let old = PairingNote::Text("score group 3".into());
        assert_eq!(pairing_note(&old, &s, Lang::Zh), "score group 3");
    }

    #[test]
    fn tiebreak_columns_use_the_regulations_words() {
        use crate::model::{Preset, Tiebreak};
        // The seed 001 Swiss list, as its regulations write it (七(一)).
        let words: Vec<String> = Preset::Xiangqi1431
            .list()
            .into_iter()
            .map(|tb| tiebreak_label(tb, Lang::Zh))
            .collect();
        assert_eq!(
            words,
            [
                "对手分",
                "胜局",
                "犯规",
                "后走局数",
                "后走胜局",
                "前一轮名次"
            ]
        );
        let won = Tiebreak::Wins {
            byes: false,
            forfeits: false,
        };
        assert_eq!(tiebreak_label(won, Lang::Zh), "胜局");
        assert_eq!(tiebreak_label(won, Lang::En), "WON");
    }

    #[test]
    fn every_preset_list_reads_back_as_it_is_shown() {
        use crate::model::{Preset, parse_list};
        for p in Preset::ALL {
            for lang in [Lang::Zh, Lang::En] {
                let text = tiebreak_list_text(&p.list(), lang);
                assert_eq!(parse_list(&text).ok(), Some(p.list()), "{text}");
            }
        }
        let zh = tiebreak_list_text(&Preset::Xiangqi1431.list(), Lang::Zh);
        assert_eq!(zh, "对手分、胜局、犯规、后走局数、后走胜局、前一轮名次");
        let en = tiebreak_list_text(&Preset::Xiangqi1431.list(), Lang::En);
        assert_eq!(en, "OPP、WIN、FOUL、BPG、BWG、PREV");
    }

    #[test]
    fn bad_list_items_are_named_with_what_is_wrong() {
        use crate::model::{QualificationOptions, parse_list};
        let e = QualificationOptions::parse("9:8, 10:八").unwrap_err();
        assert_eq!(
            list_item_error_text(&e, Lang::Zh),
            "第2项“10:八”：人数应为不小于0的整数"
        );
        assert_eq!(
            list_item_error_text(&e, Lang::En),
            "item 2 “10:八”: the count must be a whole number, 0 or more"
        );
        let e = parse_list("对手分、不存在的分").unwrap_err();
        assert_eq!(
            tiebreak_parse_error_text(&e, Lang::Zh),
            "第2项“不存在的分”：没有这种名次区分办法"
        );
        let e = parse_list("BH-X1").unwrap_err();
        assert_eq!(
            tiebreak_parse_error_text(&e, Lang::En),
            "item 1: bad modifier “X1” on BH"
        );
    }

    #[test]
    fn fill_replaces_in_order_and_by_index() {
        assert_eq!(fill(T::RoundN.get(Lang::Zh), &[&3]), "第3轮");
        assert_eq!(fill(T::PageOf.get(Lang::En), &[&1, &4]), "Page 1 of 4");
        assert_eq!(
            fill(T::PlacesLine.get(Lang::En), &[&20, &8]),
            "Places awarded: 8 (with 20 entrants)"
        );
    }
}
