//! 命令行帮助的中文 — the command line's help in Chinese, the program's default language. The
//! commands and their options are declared once, in English doc comments (src/cli/mod.rs and
//! beside each command); this table gives each of them its Chinese line, laid over the declared
//! commands when the messages are Chinese. A test walks every command and option and names
//! any left without one, so a new option cannot ship with English help alone.

use clap::{Arg, ArgAction, Command};

/// Each command (by its path of subcommand names, "" for the program) with its Chinese about
/// line, and each of its options (by id) with its Chinese help.
#[rustfmt::skip]
const HELP: &[(&str, &str, &str)] = &[
    ("", "", "编排 Bianpai — 离线编排象棋、国际象棋比赛：选手、对阵、成绩、名次与各类印刷表格"),
    ("", "file", "在窗口中打开的赛事文件（不带命令时打开窗口）"),
    ("", "renderer", "窗口的绘图方式：auto（先用 wgpu，无法启动时自动改用 OpenGL）、wgpu 或 gl（OpenGL）；优先于窗口的偏好设置，只对窗口有效"),
    ("", "lang", "信息所用语言：zh（中文，默认）或 en（英文）"),
    ("demo", "", "把示例赛事（两个组别，已赛第1轮）写入 FILE"),
    ("demo", "file", "要写入的赛事文件"),
    ("new", "", "新建赛事文件（不会覆盖已有文件），输出其路径"),
    ("new", "file", "要新建的赛事文件"),
    ("new", "name", "赛事名称"),
    ("new", "cap", "全赛限报人数：各组别报名合计上限（额满即止）；不填为不限"),
    ("event", "", "赛事信息（名称、主办单位、地点、日期、裁判长、限报人数，以及秩序册的组织机构、裁判员名单、竞赛规程、赛场须知），秩序册与证书印出这些信息：不带选项时输出，带选项时修改所给各项"),
    ("event", "file", "赛事文件"),
    ("event", "name", "赛事名称"),
    ("event", "organiser", "主办单位（补双选手属此单位）"),
    ("event", "venue", "比赛地点"),
    ("event", "start", "开始日期，如 2026-05-01（空值为清除）"),
    ("event", "end", "结束日期"),
    ("event", "chief_arbiter", "裁判长"),
    ("event", "cap", "全赛限报人数：各组别报名合计上限；0 为不限"),
    ("event", "hosts", "承办单位，每行一个（空值为清除）；秩序册“组织机构”印出"),
    ("event", "co_organisers", "协办单位，每行一个"),
    ("event", "committee", "组委会成员，每行一项（如“主任：王某”）"),
    ("event", "deputy_arbiters", "副裁判长，每行一名或多名"),
    ("event", "arbiters", "裁判员，每行一名或多名"),
    ("event", "regulations", "竞赛规程：文本文件（UTF-8），秩序册印出其全文；空值为清除"),
    ("event", "venue_rules", "赛场须知：文本文件（UTF-8），每行一条；空值为清除"),
    ("entrant", "", "组别的选手：entrant list|add|edit|remove|withdraw|exclude|reinstate|house"),
    ("entrant list", "", "列出组别的选手，每行一人，以制表符分隔：序号（抽签前为0）、姓名、性别、出生日期、单位、等级分、级别、状态"),
    ("entrant add", "", "添加选手（抽签后得到下一个空序号），输出序号与姓名"),
    ("entrant edit", "", "修改选手信息；只改所给各项"),
    ("entrant edit", "number", "新的序号（第1轮编排之前）"),
    ("entrant remove", "", "删除尚未下过棋的选手（已下过棋的请用退出）"),
    ("entrant withdraw", "", "退出：已赛成绩保留，自下一轮起不再编排"),
    ("entrant exclude", "", "取消比赛资格：不再编排"),
    ("entrant reinstate", "", "恢复参赛（撤回退出或取消资格）"),
    ("entrant house", "", "补双：添加补双选手，使单数的参赛人数成为双数（名为“补双”，属主办单位）"),
    ("section", "", "赛事的组别：section add FILE --name 名称 --game 棋种 --system 赛制 --rounds 轮数"),
    ("section add", "", "添加组别（按棋种的默认设置），或（--from-trf）从 FIDE TRF 文件读入国际象棋组别；输出其序号与名称"),
    ("section add", "name", "组别名称，如 男子组。与 --from-trf 同用时可不填：取文件的比赛名称（记录012）"),
    ("section add", "game", "棋种：xiangqi（象棋）或 chess（国际象棋）"),
    ("section add", "system", "赛制：swiss（积分编排制）、dutch（FIDE 荷兰制）、round-robin（循环制）或 knockout（淘汰制）"),
    ("section add", "rounds", "轮数（1–99）"),
    ("section add", "from_trf", "从 FIDE TRF 文件（TRF-16 或 TRF-2026）新建国际象棋组别：选手按起始序号编号，各轮对局、轮空与成绩一并读入；设置为新国际象棋组别的默认值，加上文件头与记录所载（轮数、首轮先后手、Baku 加速、名次区分、申请轮空、禁止配对、加减分、团体）。作为一次操作，可整体撤销；有错误的行（行、列、字段）被指出，什么都不写入（退出码2）。不可与 --game、--system、--rounds 同用"),
    ("section add", "team_boards", "团体赛：每场对抗的台数（1–16），组别即为团体赛组别；选手为各队队员（用 bianpai team add 添加）"),
    ("section add", "reserves", "替补：每队在台数之外可报的替补人数（默认1）"),
    ("section add", "match_points", "场分制：胜-和-负，如 2-1-0（默认）或 3-1-0"),
    ("section add", "women_boards", "女子台：须由女棋手出场的台次（混合团体的规程），如 4 或 3,4"),
    ("section add", "team_tiebreaks", "场分之后的团体名次区分，依次：GP（局分）、DE、EDET、BH:MP、SB:MP、EMGSB、MPvGP，可加 /C1 去掉最低（默认 GP）"),
    ("team", "", "团体赛组别的参赛队：team add|import|edit|remove|list|lineup|matches|forfeit|bye"),
    ("team add", "", "添加参赛队：队名、单位、领队，以及按队员顺序排列的队员（先上场台次的队员，后替补）；输出队号与队名"),
    ("team add", "name", "队名"),
    ("team add", "unit", "单位（队员的单位；不填为队名）"),
    ("team add", "captain", "领队"),
    ("team add", "players", "按队员顺序排列的队员，以逗号（或，、）分隔；姓名后可加 /男、/女（或 /M、/F）注明性别"),
    ("team import", "", "从一张表（XLSX、ODS 或 CSV，每行一名队员：队名/参赛队/代表队、单位、领队、台次/顺序、姓名、性别）添加参赛队：全部添加，或在第一处错误（指明行与列）时一个也不添加；输出各队队号与队名"),
    ("team import", "sheet", "报名表文件"),
    ("team edit", "", "修改参赛队（只改所给各项；名单中保留的队员保留其成绩）"),
    ("team edit", "team", "参赛队：队号或队名"),
    ("team edit", "name", "新队名"),
    ("team edit", "unit", "新单位"),
    ("team edit", "captain", "新领队"),
    ("team edit", "players", "完整的队员名单，按队员顺序"),
    ("team remove", "", "删除参赛队及其队员（第1轮编排之前）"),
    ("team remove", "team", "参赛队：队号或队名"),
    ("team list", "", "列出参赛队，每行一队，以制表符分隔：队号、队名、单位、领队、按队员顺序的队员（“序号 姓名”，逗号分隔）"),
    ("team lineup", "", "出场名单：设定某队第R轮的出场名单（--players，从第1台起，姓名或序号，须按队员顺序），或输出它：台次、序号、姓名"),
    ("team lineup", "round", "轮次"),
    ("team lineup", "team", "参赛队：队号或队名"),
    ("team lineup", "players", "出场队员，从第1台起"),
    ("team matches", "", "列出第R轮的团体对抗，每行一场，以制表符分隔：场次、先走队队号与队名、后走队队号与队名、双方局分（已有成绩的台次）、该场的首台与末台台号；团体轮空为 0<TAB>队号<TAB>队名"),
    ("team matches", "round", "轮次"),
    ("team forfeit", "", "整场弃权：第R轮第T场整场弃权，--winner first|second（到场的一方）或 neither（双方均未到）；--cancel 撤回（清除该场各台成绩）"),
    ("team forfeit", "round", "轮次"),
    ("team forfeit", "table", "该场的场次"),
    ("team forfeit", "winner", "到场的一方：first（先走队）、second（后走队）或 neither（双方弃权）"),
    ("team forfeit", "cancel", "撤回整场弃权"),
    ("team bye", "", "团体轮空：第R轮没有对阵的参赛队，--kind full|half|zero；--cancel 撤回"),
    ("team bye", "round", "轮次"),
    ("team bye", "team", "参赛队：队号或队名"),
    ("team bye", "kind", "轮空的种类：full（整场胜，各台皆胜）、half（整场和）或 zero（不得分）"),
    ("team bye", "cancel", "撤回团体轮空"),
    ("section list", "", "列出赛事的组别，每行一个，以制表符分隔：序号、名称、棋种、赛制、轮数、已编排轮数、选手数"),
    ("section list", "file", "赛事文件"),
    ("section rename", "", "组别改名（设置与选手不变）"),
    ("section rename", "to", "新名称"),
    ("section remove", "", "删除组别及其全部选手与轮次（可在窗口中或用 bianpai undo 撤销）；须以 --confirm 输入组别名称"),
    ("section remove", "confirm", "输入组别名称以确认"),
    ("settings", "", "组别的全部设置存为 TOML 文件：--export 导出，--import 导入"),
    ("settings", "export", "把组别的全部设置写入此 TOML 文件（各项见 docs/settings.md）"),
    ("settings", "import", "从此 TOML 文件读入组别设置，作为一次操作（可撤销）：文件中写了的项才改，未写的保持原值；有错误的项与值被指出，什么都不改"),
    ("settings", "force", "导出文件已存在时覆盖"),
    ("settings", "prohibit", "禁止配对：两名选手（序号 A,B）永不配对（可撤销）"),
    ("settings", "allow", "解除禁止配对：两名选手（序号 A,B）可再配对"),
    ("settings", "prohibited", "列出组别的禁止配对，每行一对：序号、序号、姓名、姓名"),
    ("settings", "leave_fide_mode", "使国际象棋组别永久退出 FIDE 模式，并写明原因（记入日志与 TRF）；须以 --confirm 输入组别名称确认"),
    ("settings", "confirm", "输入组别名称以确认严重警告：退出 FIDE 模式、第1轮后增加禁止配对（因而退出 FIDE 模式），或导入违反规则的设置（第1轮后改名次区分、轮空分高于胜局分……）"),
    ("import", "", "从 csv、xlsx、xls 或 ods 文件导入选手：每行的问题（行、列、规则）都被列出，全部无误才写入"),
    ("import", "entrants", "报名表：csv（UTF-8 或 GB18030）、xlsx、xls 或 ods，表头如 姓名、性别、出生日期、单位（培训机构）、等级分、级别（现有级别）、组别。组别为本赛事另一组别的行不导入（并列出）；组别不是本赛事任何组别的行被拒绝，整个文件随之不导入。未导入的列都被列出"),
    ("import", "dry_run", "只检查各行并列出问题，不写入"),
    ("import", "map", "表头为 HEADER 的列是 FIELD：name、sex、birth_date、unit、section、rating、grade、member、overseas、team_member、wildcard、paid（缴费：已缴费、未缴费或金额）（或 姓名 等表头词），none 表示不导入该列；同窗口的列对应。可重复"),
    ("import", "section_map", "文件中写作 WRITTEN 的组别即本赛事的组别 SECTION，如 --section-map 男子=男子组。可重复"),
    ("draw", "", "以种子抽签定序号（同窗口）；输出序号与姓名，每行一人"),
    ("draw", "seed", "种子：同一种子抽出同样的序号"),
    ("checkin", "", "签到（检录）：checkin FILE -s 组别 WHO 为序号、报名号、姓名、拼音首字母或参赛证条码所指的选手签到；--list 列出签到情况；--close 关闭签到，未到者退出第1轮"),
    ("checkin", "who", "签到的选手：序号、报名号、姓名、拼音首字母或参赛证条码（如 BP000123）。须只指一人；指到几人时列出他们，不签到"),
    ("checkin", "list", "列出组别的选手，每行一人，以制表符分隔：序号（抽签前为0）、报名号、姓名、单位、签到时间（空：未签到）；人数统计写在标准错误"),
    ("checkin", "close", "关闭签到：未签到的选手退出第1轮（若设为只在已签到选手中抽签，并取消其序号），逐行列出他们"),
    ("fees", "", "缴费：fees FILE -s 组别 列出组别各选手的缴费情况与合计；--pay WHO 登记缴费（金额默认取组别设置的报名费，会员等优惠按设置）；--refund WHO 退费。报名费在组别设置文件的 [fees] 表中设定"),
    ("fees", "pay", "登记缴费的选手：序号、报名号、姓名或参赛证条码，须只指一人"),
    ("fees", "amount", "实缴金额（整元）；不写时取组别设置中他应缴的金额"),
    ("fees", "method", "缴费方式：cash（现金，默认）、wechat（微信）、alipay（支付宝）、transfer（转账）或 other（其他），也可写中文"),
    ("fees", "receipt", "收据号"),
    ("fees", "refund", "退费的选手（写法同 --pay）：已缴的金额全部退还"),
    ("result", "", "录入成绩：一台（--board 台号 成绩 [--fouls 红/黑]）或整轮（--from 成绩.csv）"),
    ("result", "round", "轮次"),
    ("result", "board", "台号"),
    ("result", "result", "1-0（红/白胜）、0-1（黑胜）、和棋（=、½-½、1/2-1/2 或 0.5-0.5）、+-（黑方弃权）、-+（红/白方弃权）、--（双方弃权，写在分隔符之后：-- --）、none（清除）、adj（暂停：下一轮可以编排，编排时按和棋计）、resume（撤回暂停）"),
    ("result", "fouls", "红方与黑方的犯规次数，如 1/0（象棋）"),
    ("result", "reason", "更正原因：更正已不是最后一轮的成绩时必填，记入日志"),
    ("result", "late", "迟到判负：该方超过迟到时限未到，判其弃权负：red（红方/白方）、black（黑方）或 both（双方）；代替成绩，日志与成绩册注明迟到判负"),
    ("result", "confirm", "输入组别名称，确认违反规则的成绩（暂停对局的结果与后一轮编排时所按的和棋不同），同窗口"),
    ("result", "from", "整轮成绩的 CSV 文件，每行一台：台号,成绩[,犯规]（可有表头行）。先逐行检查：有错的行被指出，什么都不写入"),
    ("bye", "", "申请轮空（荷兰制组别）：bye FILE -s 组别 -r 轮次 序号 [--kind half|full|zero] 登记该选手第 R 轮轮空（half：得½分，默认）；--cancel 撤回；不给序号时列出各申请：轮次、序号、姓名、种类"),
    ("bye", "round", "选手轮空的轮次"),
    ("bye", "number", "选手的序号（不给时列出申请）"),
    ("bye", "kind", "轮空得分：half（½分）、full（1分）或 zero（事先请假，0分）"),
    ("bye", "cancel", "撤回申请"),
    ("awards", "", "最后一轮后的奖项，每名次一行，以制表符分隔：名次、序号、姓名、奖金（元）、称号、晋级（所达级别）、获得资格（是/否）。录取名次及其所据的参赛人数在标准错误输出中说明。--list sub 输出分组排名，--list team 输出团体名次，--list all 输出全部，首列为名单名称"),
    ("awards", "list", "名单：main（总名次，默认）、sub（分组排名）、team（团体）或 all（全部）"),
    ("advance", "", "晋级正赛：海选组别 FROM 结束后，把其晋级名单按名单顺序编为 1、2、…… 填入空的正赛组别 TO；输出序号与姓名，每行一人。可在窗口中撤销"),
    ("advance", "file", "赛事文件"),
    ("advance", "from", "海选组别：名称或从1起的序号"),
    ("advance", "to", "正赛组别（须为空）：名称或从1起的序号"),
    ("export", "", "导出 PDF 文件，或把组别的名单导出为 XLSX、CSV、HTML 或 TRF"),
    ("export", "kind", "文件种类：pairings（对阵表）、wall（上墙对阵表）、slips（记录单）、pinyin（拼音名单）、standings（名次表）、crosstable（交叉表）、order-book（秩序册）、result-book（成绩册）、certificates（获奖证书）、signin（签到表，按单位，留签名栏）、entry-cards（参赛证，每张A4八张，带裁切线与签到用二维码）、certificate-office（办证处名单：晋级棋手、原级别、晋升级别、证书费及合计，留签名栏；PDF 或 XLSX）、prize-receipts（奖金签收表：名次、姓名、单位、金额，留签名与日期栏，各组与全赛合计；PDF 或 XLSX）、entrants（参赛名单）、results（成绩表）、entry-form（报名表，XLSX）、fees（缴费名单，按单位，含各单位、各组别合计；PDF 或 XLSX）"),
    ("export", "section", "组别：名称或从1起的序号（秩序册与成绩册除外；获奖证书、签到表、参赛证、办证处名单、奖金签收表与缴费名单给出组别时只印该组，不给时印全部组别）"),
    ("export", "round", "轮次（不填为最后编排的一轮）"),
    ("export", "format", "格式：pdf（默认）、xlsx、csv、html 或 trf"),
    ("export", "output", "输出文件"),
    ("export", "paper", "PDF 纸张：a4（默认）或 a3（上墙对阵表、名次表、交叉表、成绩册与获奖证书可印 A3）"),
    ("export", "encoding", "CSV 文件的编码：utf8（带 BOM，Excel 可显示中文）或 gb18030；不填时 Windows 上为 gb18030，其他系统为 utf8"),
    ("export", "force", "输出文件已存在时覆盖（赛事文件与备份永不覆盖）"),
    ("export", "venue_url", "场地网页的地址（bianpai serve 输出的那个）：对阵表与上墙对阵表印出其二维码"),
    ("check", "", "按编排规则检查各轮：check --dutch in.trf（TRF 的每一轮对照 FIDE 荷兰制）或 check xiangqi FILE --section 组别 [--round 轮次]；或按名次区分检查 TRF 的名次：check --standings in.trf --tiebreaks 列表"),
    ("check", "dutch", "要对照 FIDE 荷兰制检查已赛各轮的 TRF 文件"),
    ("check", "edition", "荷兰制规则的版本，同 pair：2017 或 2026（默认按文件的开始日期，否则 2026）"),
    ("check", "standings", "要按名次区分检查名次（记录001的第86–89列）的 TRF 文件：文件顺序违反区分之处都被列出；团体赛 TRF 对照310记录的名次，列出名次不同的队"),
    ("check", "tiebreaks", "--standings 所用的名次区分：带修饰的 FIDE 缩写（BH-C1,BH,SB）或预设（fide-swiss、fide-rr）；默认 fide-swiss，循环赛（记录092）为 fide-rr"),
    ("check", "tiebreak_edition", "--standings 对未赛轮次所用的 C.07 版本：2023 或 2026"),
    ("check xiangqi", "", "检查象棋积分编排制组别"),
    ("check xiangqi", "file", "赛事文件"),
    ("check xiangqi", "section", "组别：名称或从1起的序号"),
    ("check xiangqi", "round", "要检查的轮次（不填为全部已编排轮次）"),
    ("rtg", "", "生成随机比赛：rtg xiangqi OUT.bianpai …… 或 rtg dutch -o OUT.trf ……"),
    ("rtg xiangqi", "", "生成随机的象棋积分编排制比赛"),
    ("rtg xiangqi", "output", "要新建的赛事文件（不得已存在）"),
    ("rtg xiangqi", "players", "选手人数"),
    ("rtg xiangqi", "rounds", "轮数"),
    ("rtg xiangqi", "seed", "随机种子：同一种子生成同样的比赛"),
    ("rtg xiangqi", "units", "单位数；0 为无单位"),
    ("rtg xiangqi", "forfeit_permille", "每名选手每局弃权的机会，以千分计"),
    ("rtg xiangqi", "withdraw_permille", "每名选手每轮退出的机会，以千分计"),
    ("rtg xiangqi", "late", "第1轮后才加入的选手人数"),
    ("rtg xiangqi", "positional", "首轮按位置配对的方式：colour-rows（按先后手行）、adjacent（相邻配对）或 top-half-bottom-half（上下两半）"),
    ("rtg xiangqi", "scoring", "胜、和、负的得分：2-1-0 或 3-1-0"),
    ("rtg dutch", "", "生成随机的 FIDE 荷兰制（国际象棋）比赛并写成 TRF：随机等级分（按等级分定起始序号），每轮由荷兰制引擎编排，成绩按等级分差随机产生"),
    ("rtg dutch", "output", "要写入的 TRF 文件（已存在时须加 --force）"),
    ("rtg dutch", "players", "选手人数"),
    ("rtg dutch", "rounds", "轮数"),
    ("rtg dutch", "seed", "随机种子：同一种子生成同样的比赛"),
    ("rtg dutch", "edition", "荷兰制规则的版本：2026 或 2017（检查 2017 版的文件须加 --edition 2017）"),
    ("rtg dutch", "draw_permille", "水平相当的选手之间和棋的比例，以千分计"),
    ("rtg dutch", "forfeit_permille", "每局弃权的机会，以千分计"),
    ("rtg dutch", "double_forfeit_permille", "每局双方弃权的机会，以千分计"),
    ("rtg dutch", "tiebreaks", "写入 TRF（记录202）的名次区分，如 BH-C1,BH,SB；不填为 FIDE 瑞士制的默认"),
    ("rtg dutch", "half_bye_permille", "每名选手每轮（最后一轮除外）申请半分轮空（TRF 240 H）的机会，以千分计"),
    ("rtg dutch", "absent_permille", "每名选手每轮事先请假（零分轮空，TRF 240 Z）的机会，以千分计"),
    ("rtg dutch", "baku", "前几轮按 Baku 法加速（写为 TRF 记录192与250）"),
    ("rtg dutch", "force", "覆盖已存在的输出文件"),
    ("standings", "", "输出带名次区分值的名次表，以制表符分隔（.bianpai 赛事文件或 FIDE TRF）；团体赛 TRF（有801记录）输出团体名次：名次、队号、队名、场分、局分及各团体名次区分"),
    ("standings", "file", ".bianpai 赛事文件，或 FIDE TRF（其他扩展名）"),
    ("standings", "tiebreaks", "名次区分：带修饰的 FIDE 缩写（BH,BH-C1,SB,DE,WIN）、象棋名称（对手分,胜局……）或预设（14.3.1、14.3.2、14.1、seed001-rr、fide-swiss、fide-rr）。默认为组别自己的设置（TRF 为 fide-swiss 或 fide-rr）。团体赛 TRF 用团体区分（EDET,EMGSB/C1,BH:MP/C1,SB:MP,DE,MPvGP,GP,BW，修饰/P、/V2026、/L；或中文名 局分、对手分、直胜、台次分；或预设 xiangqi＝局分,对手分,直胜,台次分），默认为文件202记录"),
    ("standings", "edition", "未赛轮次所用的 C.07 版本：2023 或 2026"),
    ("standings", "section", "组别：名称或从1起的序号（.bianpai 文件；默认第一个）"),
    ("standings", "round", "第几轮后的名次（默认为最后编排的一轮）"),
    ("standings", "shared", "仍然相同的选手并列名次，不抽签"),
    ("standings", "pdf", "团体赛 TRF：另将团体名次表、团体成绩交叉表和台次奖写入此 PDF 文件"),
    ("standings", "board_prize_games", "团体赛 TRF：评台次奖须在该台下满的局数（默认为轮数的70%，四舍五入）"),
    ("pair", "", "编排下一轮。赛事文件：pair FILE --section 组别，每行一台：台号<TAB>红/白方序号<TAB>黑方序号；轮空为 0<TAB>序号<TAB>0。TRF 文件，同 bbpPairings：pair --dutch in.trf -p out.txt，或用象棋积分编排引擎 pair --xiangqi in.trf -p out.txt [--points 3,1,0]"),
    ("pair", "input", "赛事文件；与 --dutch 或 --xiangqi 同用时为 TRF 文件"),
    ("pair", "section", "组别：名称或从1起的序号（赛事文件）"),
    ("pair", "dutch", "对 TRF 文件按 FIDE 荷兰制编排"),
    ("pair", "xiangqi", "对 TRF 文件按象棋积分编排制编排"),
    ("pair", "output", "要写入的编排文件（不填为标准输出）"),
    ("pair", "edition", "荷兰制规则的版本：2026（2026年2月1日起施行，同 bbpPairings 6）或 2017（此前施行，同 bbpPairings 5）。不填时按文件开始日期（记录042）所施行的版本，无日期为 2026"),
    ("pair", "points", "象棋 TRF 的胜、和、负得分（默认 2,1,0）"),
    ("pair", "adjourn", "把上一轮尚无成绩的对局暂停后编排：编排时按和棋计；名次表与成绩册等其结果"),
    ("pair", "playoff", "编排组别的交叉赛（与被它中断的积分编排并行）的下一场，而不是积分编排的下一轮：按该轮的台次输出，轮次在标准错误输出中说明。淘汰制组别不加此项也编排其下一场"),
    ("pair", "colour", "选手所选的先后手（名次靠前选手可选择先后手；附加赛中抽签胜者选择）：序号=red 或 序号=black（亦可写 white、红、黑、先、后）；每位选择者写一次。需要选择时 pair 会列出要选择的选手"),
    ("undo", "", "撤销赛事的最后一次操作（同窗口的 Ctrl+Z）；输出撤销了什么"),
    ("journal", "", "赛事日志，由早到晚，每行一次操作：时间、操作、内容"),
    ("backup", "", "每轮编排后的备份：backup list FILE 列出，backup restore FILE 备份 恢复"),
    ("backup list", "", "列出赛事的备份，最新的在前，每行一份：路径、制表符、它是什么（哪个组别第几轮编排后、何时）"),
    ("backup restore", "", "恢复一份备份：不加 --yes 时只说明会丢失什么（其后录入的成绩与日志），不恢复"),
    ("backup restore", "backup", "要恢复的备份（backup list 列出的路径）"),
    ("backup restore", "yes", "确定恢复，丢失备份之后录入的内容"),
    ("unpair", "", "撤销本轮编排：组别的最后一轮尚无任何成绩时撤回"),
    ("unpair", "round", "轮次（最后编排的一轮）"),
    ("edit", "", "人工调整最后一轮：两名选手互换位置（--swap A,B）或一台交换先后手（--swap-colours 台号）；违反的规则会被列出，须以 --confirm 输入组别名称才调整"),
    ("edit", "swap", "在最后一轮中互换位置的两名选手（序号 A,B）"),
    ("edit", "swap_colours", "最后一轮中交换先后手的台号"),
    ("edit", "confirm", "输入组别名称，确认违反规则（重复对局、同单位……）仍要调整，同窗口"),
    ("serve", "", "提供赛事文件的场地网页：当前轮次、名次与每位选手的页面，只读；在 --bind 地址（默认仅本机）与 --port 端口（默认8088）上，直到 Ctrl+C；其他命令对文件的修改会随之显示"),
    ("serve", "file", "赛事文件"),
    ("serve", "port", "端口（0：任意空闲端口，输出其地址）"),
    ("serve", "bind", "监听的地址：本机在场地网络上的地址（如 192.168.1.20）；0.0.0.0 为所有网卡（会提示）；默认仅本机"),
    ("role", "", "授权场地网络上的设备：role add FILE --kind deputy -s 组别 --boards 1-20 --person 姓名 输出该设备扫码打开的地址与二维码；role list 列出；role revoke 撤销"),
    ("role add", "", "授权一台设备，输出其扫码地址与二维码（只显示这一次：文件中只存令牌的散列）"),
    ("role add", "kind", "角色：deputy（副裁判长/裁判员，录入成绩）、checkin（检录）或 player（选手，报告本人对局结果）"),
    ("role add", "person", "持有人姓名（副裁判长、检录员）"),
    ("role add", "section", "可操作的组别（名称或从1起的序号），可重复；不填为全部组别；选手为其本人的组别"),
    ("role add", "boards", "可操作的台次范围，如 1-20；不填为全部台次"),
    ("role add", "player", "选手的序号（选手角色；可配合 --section）"),
    ("role add", "url", "二维码打开的场地网页地址（默认本机在网络上的地址与端口8088）"),
    ("role list", "", "列出已授权的设备，每行一台，以制表符分隔：设备号、角色、持有人、范围、状态"),
    ("role revoke", "", "立即撤销一台设备的授权：此后场地网页拒绝它"),
    ("role revoke", "device", "设备号（role list 输出的）"),
];

/// The options many commands share, where a command gives no line of its own.
const SHARED: &[(&str, &str)] = &[
    ("file", "赛事文件"),
    ("section", "组别：名称，或从1起的序号"),
    ("who", "选手：序号或姓名"),
];

/// An entrant's fields, as `entrant add` and `entrant edit` take them.
#[rustfmt::skip]
const ENTRANT_FIELDS: &[(&str, &str)] = &[
    ("name", "姓名"),
    ("sex", "性别：男或女（M、F）"),
    ("born", "出生日期，如 2012-05-03 或 2012年5月3日"),
    ("unit", "单位 / 代表队"),
    ("rating", "等级分；空值为清除"),
    ("grade", "级别 / 等级称号"),
    ("member", "会员：true 或 false"),
    ("overseas", "境外运动员：true 或 false"),
    ("team_member", "列入团体报名表（计入团体成绩）：true 或 false"),
];

/// Clap's own words (Usage, Options …) in Chinese.
const TEMPLATE: &str = "{about-with-newline}\n用法：{usage}\n\n{all-args}{after-help}";

/// `cmd` with its help in Chinese, for `--help` and errors shown in the default language.
pub fn localise(cmd: Command) -> Command {
    // Clap's own version option, in Chinese.
    let cmd = cmd.disable_version_flag(true).arg(
        Arg::new("version")
            .short('V')
            .long("version")
            .action(ArgAction::Version)
            .help("显示版本")
            .help_heading("选项"),
    );
    localise_at(cmd, "")
}

/// `bianpai help CMD …` as `bianpai CMD … --help`: clap's own help command speaks English only,
/// so the Chinese help has none and this reads the same words.
pub fn help_command_as_flag(args: Vec<String>) -> Vec<String> {
    // The first word after the program's name that is neither an option nor `--lang`'s value.
    let mut first = None;
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--lang" => i += 2,
            a if a.starts_with('-') => i += 1,
            _ => {
                first = Some(i);
                break;
            }
        }
    }
    match first {
        Some(i) if args[i] == "help" => {
            let mut out: Vec<String> = args[..i].to_vec();
            out.extend(args[i + 1..].iter().cloned());
            out.push("--help".into());
            out
        }
        _ => args,
    }
}

fn localise_at(mut cmd: Command, path: &str) -> Command {
    if let Some(&(_, _, about)) = HELP.iter().find(|(p, a, _)| *p == path && a.is_empty()) {
        cmd = cmd.about(about);
    }
    // Each option's line, heading and values in place (`mut_arg` would move a positional
    // argument to the end, and with it the order the command line reads them in).
    cmd = cmd.mut_args(|a| {
        let id = a.get_id().as_str().to_owned();
        let own = HELP.iter().find(|(p, arg, _)| *p == path && *arg == id);
        let fields: &[(&str, &str)] = if path.starts_with("entrant") {
            ENTRANT_FIELDS
        } else {
            &[]
        };
        let shared = fields.iter().chain(SHARED).find(|(arg, _)| *arg == id);
        let a = match (own, shared) {
            (Some(&(_, _, text)), _) | (None, Some(&(_, text))) => a.help(text),
            (None, None) => a,
        };
        // The Chinese lines name the values an option takes; clap's list would be English.
        let takes_values = a.get_action().takes_values();
        let a = a.hide_possible_values(takes_values);
        if a.is_positional() {
            a.help_heading("参数")
        } else {
            a.help_heading("选项")
        }
    });
    // Clap's own help option and help command speak English: this command's are Chinese.
    cmd = cmd
        .help_template(TEMPLATE)
        .subcommand_help_heading("命令")
        .disable_help_subcommand(true)
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help("显示帮助")
                .help_heading("选项"),
        );
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in subs {
        let sub_path = if path.is_empty() {
            name.clone()
        } else {
            format!("{path} {name}")
        };
        cmd = cmd.mut_subcommand(name.as_str(), |s| localise_at(s, &sub_path));
    }
    cmd
}

/// Clap's error in Chinese: what was wrong with the command line, the word named. `None` for
/// what is not an error (the help, the version), which clap shows as it is.
pub fn error_text(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let get = |k: ContextKind| match e.get(k) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join("、"),
        Some(other) => other.to_string(),
        None => String::new(),
    };
    let suggested = || {
        let s = [ContextKind::SuggestedArg, ContextKind::SuggestedSubcommand]
            .into_iter()
            .map(get)
            .find(|s| !s.is_empty());
        s.map(|s| format!("（是否想写 {s}？）")).unwrap_or_default()
    };
    let what = match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => return None,
        ErrorKind::MissingRequiredArgument => {
            format!("缺少必需的参数：{}", get(ContextKind::InvalidArg))
        }
        ErrorKind::MissingSubcommand => "缺少命令".to_string(),
        ErrorKind::InvalidValue => format!(
            "“{}”不是 {} 可取的值（可取：{}）",
            get(ContextKind::InvalidValue),
            get(ContextKind::InvalidArg),
            get(ContextKind::ValidValue)
        ),
        ErrorKind::ValueValidation => format!(
            "{} 的值“{}”不合要求",
            get(ContextKind::InvalidArg),
            get(ContextKind::InvalidValue)
        ),
        ErrorKind::UnknownArgument => {
            format!(
                "不认识的参数“{}”{}",
                get(ContextKind::InvalidArg),
                suggested()
            )
        }
        ErrorKind::InvalidSubcommand => format!(
            "没有命令“{}”{}",
            get(ContextKind::InvalidSubcommand),
            suggested()
        ),
        ErrorKind::ArgumentConflict => format!(
            "{} 不能与 {} 同时使用",
            get(ContextKind::InvalidArg),
            get(ContextKind::PriorArg)
        ),
        ErrorKind::NoEquals
        | ErrorKind::TooManyValues
        | ErrorKind::TooFewValues
        | ErrorKind::WrongNumberOfValues => {
            format!("{} 的值个数不对", get(ContextKind::InvalidArg))
        }
        // Anything else: clap's own words, said to be the command line's.
        _ => format!("命令行有误：{}", e.kind()),
    };
    let usage = get(ContextKind::Usage).replace("Usage: ", "");
    let usage = if usage.is_empty() {
        String::new()
    } else {
        format!("\n\n用法：{}", usage.trim())
    };
    Some(format!("错误：{what}{usage}\n\n更多说明请用 --help。"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every command and option the program declares, with its English help.
    fn declared(cmd: &Command, path: &str, out: &mut Vec<(String, String, String)>) {
        let about = cmd.get_about().map(|s| s.to_string()).unwrap_or_default();
        out.push((path.to_string(), String::new(), about));
        for a in cmd.get_arguments() {
            let id = a.get_id().as_str();
            if id == "help" || id == "version" || a.is_hide_set() {
                continue;
            }
            let help = a.get_help().map(|s| s.to_string()).unwrap_or_default();
            out.push((path.to_string(), id.to_string(), help));
        }
        for s in cmd.get_subcommands() {
            if s.get_name() == "help" {
                continue;
            }
            let p = if path.is_empty() {
                s.get_name().to_string()
            } else {
                format!("{path} {}", s.get_name())
            };
            declared(s, &p, out);
        }
    }

    #[test]
    fn every_command_and_option_has_chinese_help() {
        let mut all = Vec::new();
        declared(&crate::cli::Cli::command(), "", &mut all);
        let missing: Vec<String> = all
            .iter()
            .filter(|(p, a, _)| !HELP.iter().any(|(hp, ha, _)| hp == p && ha == a))
            .filter(|(p, a, _)| {
                let field = p.starts_with("entrant") && ENTRANT_FIELDS.iter().any(|(f, _)| f == a);
                !field && !SHARED.iter().any(|(sa, _)| sa == a)
            })
            .map(|(p, a, h)| format!("(\"{p}\", \"{a}\", \"\"), // {}", h.replace('\n', " ")))
            .collect();
        assert!(
            missing.is_empty(),
            "no Chinese help:\n{}",
            missing.join("\n")
        );
        // Nothing in the table that the program does not declare.
        let stale: Vec<_> = HELP
            .iter()
            .filter(|(p, a, _)| !all.iter().any(|(dp, da, _)| dp == p && da == a))
            .collect();
        assert!(stale.is_empty(), "not declared: {stale:?}");
    }

    #[test]
    fn the_chinese_help_is_a_valid_command_and_reads_chinese() {
        // Clap's own consistency checks over the localised command, every subcommand.
        let mut cmd = localise(crate::cli::Cli::command());
        cmd.build();
        cmd.clone().debug_assert();
        let help = cmd
            .find_subcommand_mut("pair")
            .expect("pair")
            .render_long_help()
            .to_string();
        for words in ["用法：", "编排下一轮", "选项", "显示帮助", "组别：名称"] {
            assert!(help.contains(words), "{words} in {help}");
        }
        assert!(!help.contains("Print help"), "{help}");
    }

    #[test]
    fn the_chinese_command_reads_the_same_words_as_the_english() {
        // The positional arguments keep their order: `export KIND FILE`.
        let words = [
            "bianpai",
            "export",
            "entrants",
            "e.bianpai",
            "-s",
            "1",
            "-o",
            "x.csv",
        ];
        let zh = localise(crate::cli::Cli::command()).try_get_matches_from(words);
        let en = crate::cli::Cli::command().try_get_matches_from(words);
        let kind = |m: &clap::ArgMatches| {
            let (_, sub) = m.subcommand().expect("export");
            sub.get_raw("file")
                .and_then(|mut v| v.next())
                .map(|v| v.to_string_lossy().into_owned())
        };
        let (zh, en) = (zh.expect("zh parses"), en.expect("en parses"));
        assert_eq!(kind(&zh), Some("e.bianpai".into()));
        assert_eq!(kind(&zh), kind(&en));
    }

    #[test]
    fn command_line_errors_are_said_in_chinese() {
        let err = |words: &[&str]| {
            let e = localise(crate::cli::Cli::command())
                .try_get_matches_from(words)
                .expect_err("refused");
            error_text(&e).expect("an error")
        };
        let missing = err(&["bianpai", "pair", "e.bianpai"]);
        assert!(
            missing.contains("缺少必需的参数") && missing.contains("--section"),
            "{missing}"
        );
        let value = err(&["bianpai", "export", "wallsheet", "e.bianpai", "-o", "x"]);
        assert!(
            value.contains("“wallsheet”不是") && value.contains("wall"),
            "{value}"
        );
        let unknown = err(&["bianpai", "pair", "e.bianpai", "-s", "1", "--seciton", "2"]);
        assert!(unknown.contains("不认识的参数“--seciton”"), "{unknown}");
        let number = err(&["bianpai", "draw", "e.bianpai", "-s", "1", "--seed", "x"]);
        assert!(
            number.contains("--seed") && number.contains("“x”"),
            "{number}"
        );
        assert!(!number.contains("error:"), "{number}");
    }

    #[test]
    fn the_help_command_reads_as_the_help_option() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            help_command_as_flag(args(&["bianpai", "help", "pair"])),
            args(&["bianpai", "pair", "--help"])
        );
        assert_eq!(
            help_command_as_flag(args(&["bianpai", "--lang", "zh", "help"])),
            args(&["bianpai", "--lang", "zh", "--help"])
        );
        // Not the help command: left alone (an event file named "help" is opened as named).
        assert_eq!(
            help_command_as_flag(args(&["bianpai", "pair", "help"])),
            args(&["bianpai", "pair", "help"])
        );
    }
}
