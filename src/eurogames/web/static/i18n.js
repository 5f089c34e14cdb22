// Every word the shared client shows, in English, 繁體中文 and 简体中文. A drawn board brings
// its own words (its game's folder, web/strings.json: game terms spelt as the engine's text.py
// spells them, so the board and the server's descriptions speak the same language); the
// client adds them with registerStrings when it loads the board. The chosen language is kept
// in localStorage.

export const LANGS = [
  { code: "en", label: "English" },
  { code: "zh-Hant", label: "繁體中文" },
  { code: "zh-Hans", label: "简体中文" },
];
const STORAGE_KEY = "eurogames.lang";

export const STRINGS = {
  en: {
    language: "Language",
    lobby: "Lobby",
    loading: "Loading…",
    back_to_lobby: "Back to the lobby",
    yes: "yes",
    no: "no",
    and: " and ",
    close: "Close",
    cancel: "Cancel",
    clear: "Clear",
    pass: "Pass",
    filter: "Filter…",
    // lobby
    new_game: "New game",
    game: "Game",
    players: "Players",
    options: "Options",
    seed: "Seed",
    seed_hint: "blank = random",
    seats: "Seats",
    seat_n: "Seat {n}",
    default_name: "Player {n}",
    human: "Human",
    bot: "Bot",
    name: "Name",
    level: "Level",
    level_easy: "easy",
    level_normal: "normal",
    level_hard: "hard",
    bot_random: "Random",
    bot_greedy: "Greedy",
    bot_mcts: "MCTS",
    bot_label: "{bot} bot",
    bot_label_level: "{bot} bot ({level})",
    hotseat: "Hot-seat: the human players share this screen (one host link acts for every human seat)",
    create: "Create game",
    creating: "Creating…",
    generic_board_note: "This game has no drawn board yet: it is played in the generic view.",
    created_title: "Game created",
    created_hint: "Send each player their private link: it lets them act for their seat only. Anyone with the spectator link can watch.",
    seat_link: "{name} (seat {n}): private link",
    host_link: "Host link (hot-seat)",
    spectator_link: "Spectator link",
    copy: "Copy",
    copied: "Link copied.",
    copy_failed: "Could not copy: select the link and copy it by hand.",
    open: "Open",
    active_games: "Games in progress",
    finished_games: "Finished games",
    none_yet: "None yet.",
    refresh: "Refresh",
    watch: "Watch",
    replay: "Replay",
    move_n: "move {n}",
    to_move: "{who} to move",
    result_line: "won by {winners} ({scores})",
    status_active: "in progress",
    status_finished: "finished",
    status_imported: "imported record",
    // the seats this browser holds (lobby), imported records
    my_games: "Your games on this device",
    my_games_hint: "The seats this browser has played from: Resume takes you back to your seat.",
    resume: "Resume",
    role_host_short: "Hot-seat host",
    forget: "Forget",
    forget_hint: "Forget this game on this device (the game itself goes on)",
    your_turn_mark: "your turn",
    gone: "no longer on this server",
    record_stops: "stops at move {n}, before the end",
    replay_imported: "An imported record of a finished game",
    replay_imported_unfinished: "An imported record that stops at move {n}, before the end of the game",
    imported_title: "Record: {title}",
    status_over: "Game over · {line}",
    upload_title: "Open a record",
    upload_hint: "A record JSON file (downloaded from a finished game or saved by the terminal client) opens as a replay.",
    choose_file: "Choose a record file…",
    upload_bad_json: "That file is not a JSON record: {reason}",
    upload_refused: "The record was refused: {message}",
    provisional_banner: "Provisional: some component values of {title} have no source yet:",
    fixed_deal: "A fixed deal:",
    fixed_deal_why: "the creator of this match chose its seed, so the creator can know every hidden card and tile in advance.",
    provisional_all: "All {n} values, and how each was chosen",
    err_catalogue: "Could not load the list of games: {message}",
    err_create: "The game was not created: {message}",
    err_seed: "The seed must be a whole number, or blank for a random one.",
    // play
    connecting: "Connecting…",
    connected: "Connected",
    reconnecting: "Connection lost: reconnecting in {s} s…",
    offline: "Offline",
    online: "online",
    bad_token: "This link is not valid for this game (wrong or expired token).",
    no_match: "There is no game {id}.",
    role_seat: "You play {name}",
    role_host: "Hot-seat host: you act for every human seat",
    role_spectator: "You are watching",
    your_turn: "Your turn",
    your_turn_seat: "{name}: your turn",
    waiting_for: "Waiting for {name}…",
    bot_thinking: "{name} is thinking…",
    sending: "sending…",
    not_connected: "Not connected: the move was not sent. Reconnecting…",
    you: "you",
    scores: "Scores",
    score: "Points",
    player: "Player",
    winner_mark: "winner",
    undo: "Undo",
    undo_hint: "Take back your last decision of this turn",
    log: "Moves",
    log_empty: "No moves yet.",
    breakdown: "Where the points came from",
    total: "Total",
    game_over: "Game over",
    winner: "Winner: {who}",
    winners_shared: "Shared victory: {who}",
    open_replay: "Open the replay",
    download_record: "Download the record",
    all_actions: "All legal actions ({n})",
    legal_actions: "Legal actions",
    err_stale: "The game moved on before your click arrived; the board is up to date now.",
    err_illegal: "That move is not legal now: {message}",
    err_not_your_turn: "It is not your turn.",
    err_forbidden: "This link cannot act for that seat.",
    err_finished: "The game is over.",
    err_cannot_undo: "There is nothing to undo now.",
    err_malformed: "The server could not read the request: {message}",
    err_not_found: "Not found: {message}",
    err_generic: "Something went wrong: {message}",
    err_not_legal_here: "“{action}” is not among the legal actions now.",
    err_board: "The board could not be drawn ({message}); showing the generic view.",
    // replay
    replay_title: "Replay: {title}",
    replay_note: "Replay of a finished game",
    replay_running: "Replay of a game in progress: the spectator's view only",
    start: "Start",
    previous: "Previous",
    next: "Next",
    end: "End",
    play: "Play",
    pause: "Pause",
    move_of: "Move {n} of {total}",
    start_position: "Start position (0 of {total})",
    // the Lacerda companion (Lisboa solo); game words come from the server (text.py)
    lc_title: "Lisboa solo: Lacerda",
    lc_intro: "Play Lisboa's official solo mode on your own board: the companion runs Lacerda's turns, keeps his area and tells you what to move; it asks only what it cannot know.",
    lc_settings: "Settings",
    lc_settings_hint: "The defaults follow the companion's rulings; change one only if your copy reads otherwise. They are shown again to confirm at set-up.",
    lc_default_was: "default: {value}",
    lc_seed: "Seed for Lacerda's random draws",
    lc_start: "Start a Lacerda game",
    lc_err_create: "The game was not started: {message}",
    lc_mine: "Your Lacerda games on this device",
    lc_resume: "Resume",
    lc_open_save: "Open a saved Lacerda game…",
    lc_open_save_hint: "A save file of the terminal companion, or a record downloaded here, carries on where it stopped.",
    lc_now: "Do now",
    lc_nothing_said: "Nothing new to move on the board: answer the question.",
    lc_last_said: "The last instructions",
    lc_over: "Game over",
    lc_over_hint: "The game is over. If a figure was wrong, Undo takes the last answer back.",
    lc_send: "Answer",
    lc_none_checked: "Nothing checked answers none.",
    lc_at_most: "At most {total} in all.",
    lc_undo: "Undo the last answer",
    lc_area: "Lacerda's area",
    lc_correct: "Correct a marker",
    lc_correct_hint: "If the board shows another value for Lacerda's wigs or influence, set it here: the board is right.",
    lc_correct_value: "Value on the board",
    lc_set: "Set",
    lc_log: "Log",
    lc_log_empty: "No answers yet.",
    lc_link: "Resume on another device",
    lc_link_hint: "This page's address is the game: open it on any device to carry on. Keep it private.",
    lc_no_session: "There is no Lacerda game {id}.",
    lc_err_stale: "The game changed on another device; this page is up to date now.",
    lc_word_confirm: "Confirm",
    lc_word_done: "Done",
    lc_word_none: "None",
    lc_word_empty: "Empty",
  },
  "zh-Hant": {
    language: "語言",
    lobby: "大廳",
    loading: "載入中…",
    back_to_lobby: "返回大廳",
    yes: "是",
    no: "否",
    and: "與",
    close: "關閉",
    cancel: "取消",
    clear: "清除",
    pass: "跳過",
    filter: "篩選…",
    new_game: "新遊戲",
    game: "遊戲",
    players: "玩家人數",
    options: "選項",
    seed: "種子",
    seed_hint: "留空＝隨機",
    seats: "座位",
    seat_n: "玩家{n}",
    default_name: "玩家{n}",
    human: "真人",
    bot: "電腦",
    name: "名字",
    level: "難度",
    level_easy: "簡單",
    level_normal: "普通",
    level_hard: "困難",
    bot_random: "隨機",
    bot_greedy: "貪婪",
    bot_mcts: "蒙地卡羅樹搜尋",
    bot_label: "電腦（{bot}）",
    bot_label_level: "電腦（{bot}，{level}）",
    hotseat: "同機輪流：真人玩家共用這個畫面（一個主持連結代表所有真人座位）",
    create: "建立遊戲",
    creating: "建立中…",
    generic_board_note: "這個遊戲尚未有繪製的版圖：以通用畫面進行。",
    created_title: "遊戲已建立",
    created_hint: "把專屬連結分別傳給每位玩家：連結只能代表該座位行動。持有觀戰連結的人都可以觀看。",
    seat_link: "{name}（玩家{n}）：專屬連結",
    host_link: "主持連結（同機輪流）",
    spectator_link: "觀戰連結",
    copy: "複製",
    copied: "已複製連結。",
    copy_failed: "無法複製：請選取連結後手動複製。",
    open: "開啟",
    active_games: "進行中的遊戲",
    finished_games: "已結束的遊戲",
    none_yet: "目前沒有。",
    refresh: "重新整理",
    watch: "觀戰",
    replay: "重播",
    move_n: "第{n}步",
    to_move: "輪到{who}",
    result_line: "{winners}獲勝（{scores}）",
    status_active: "進行中",
    status_finished: "已結束",
    status_imported: "匯入的紀錄",
    my_games: "此裝置上的遊戲",
    my_games_hint: "這個瀏覽器參與過的座位：按「繼續」回到你的座位。",
    resume: "繼續",
    role_host_short: "同機輪流主持",
    forget: "移除",
    forget_hint: "在此裝置上移除這局遊戲（遊戲本身會繼續）",
    your_turn_mark: "輪到你",
    gone: "已不在此伺服器上",
    record_stops: "停在第{n}步，尚未結束",
    replay_imported: "匯入的紀錄：已結束的遊戲",
    replay_imported_unfinished: "匯入的紀錄：停在第{n}步，遊戲尚未結束",
    imported_title: "紀錄：{title}",
    status_over: "遊戲結束 · {line}",
    upload_title: "開啟紀錄",
    upload_hint: "紀錄 JSON 檔（從已結束的遊戲下載，或由終端機版儲存）會以重播開啟。",
    choose_file: "選擇紀錄檔…",
    upload_bad_json: "這個檔案不是 JSON 紀錄：{reason}",
    upload_refused: "紀錄被拒絕：{message}",
    provisional_banner: "暫定：{title}有些配件數值尚無出處：",
    fixed_deal: "指定的牌局：",
    fixed_deal_why: "這場對局的建立者指定了種子，因此建立者能事先得知所有隱藏的卡牌與板塊。",
    provisional_all: "全部 {n} 個數值及各自的選定方式",
    err_catalogue: "無法載入遊戲清單：{message}",
    err_create: "遊戲未建立：{message}",
    err_seed: "種子必須是整數，或留空以隨機產生。",
    connecting: "連線中…",
    connected: "已連線",
    reconnecting: "連線中斷：{s}秒後重新連線…",
    offline: "離線",
    online: "在線",
    bad_token: "這個連結對本遊戲無效（代碼錯誤或已失效）。",
    no_match: "沒有遊戲 {id}。",
    role_seat: "你是{name}",
    role_host: "同機輪流主持：你代表所有真人座位行動",
    role_spectator: "你正在觀戰",
    your_turn: "輪到你了",
    your_turn_seat: "{name}：輪到你了",
    waiting_for: "等待{name}…",
    bot_thinking: "{name}思考中…",
    sending: "傳送中…",
    not_connected: "尚未連線：這步沒有送出。正在重新連線…",
    you: "你",
    scores: "分數",
    score: "分數",
    player: "玩家",
    winner_mark: "勝利者",
    undo: "悔棋",
    undo_hint: "收回你這回合的上一個決定",
    log: "行動紀錄",
    log_empty: "尚無行動。",
    breakdown: "得分明細",
    total: "合計",
    game_over: "遊戲結束",
    winner: "勝利者：{who}",
    winners_shared: "共享勝利：{who}",
    open_replay: "開啟重播",
    download_record: "下載紀錄",
    all_actions: "所有合法行動（{n}）",
    legal_actions: "合法行動",
    err_stale: "你的點擊送達前遊戲已經前進；版圖已更新。",
    err_illegal: "現在不能這樣做：{message}",
    err_not_your_turn: "還沒輪到你。",
    err_forbidden: "這個連結不能代表那個座位行動。",
    err_finished: "遊戲已結束。",
    err_cannot_undo: "現在沒有可以悔棋的行動。",
    err_malformed: "伺服器無法讀取這個請求：{message}",
    err_not_found: "找不到：{message}",
    err_generic: "發生錯誤：{message}",
    err_not_legal_here: "「{action}」現在不是合法行動。",
    err_board: "無法繪製版圖（{message}）；改用通用畫面。",
    replay_title: "重播：{title}",
    replay_note: "已結束遊戲的重播",
    replay_running: "進行中遊戲的重播：僅觀戰者的視角",
    start: "開頭",
    previous: "上一步",
    next: "下一步",
    end: "結尾",
    play: "播放",
    pause: "暫停",
    move_of: "第{n}步，共{total}步",
    start_position: "起始局面（第0步，共{total}步）",
    lc_title: "里斯本單人:拉塞爾達",
    lc_intro: "在你自己的實體版圖上玩里斯本官方單人模式：本助手執行拉塞爾達的回合、記錄他的區域並告訴你該移動什麼；只詢問它無法知道的事。",
    lc_settings: "設定",
    lc_settings_hint: "預設值依照本助手的裁定；只有在你的規則另有說法時才更改。開局時會再顯示一次供你確認。",
    lc_default_was: "預設：{value}",
    lc_seed: "拉塞爾達隨機抽取的種子",
    lc_start: "開始拉塞爾達遊戲",
    lc_err_create: "遊戲未能開始：{message}",
    lc_mine: "此裝置上的拉塞爾達遊戲",
    lc_resume: "繼續",
    lc_open_save: "開啟已儲存的拉塞爾達遊戲…",
    lc_open_save_hint: "終端機助手的存檔，或在此下載的紀錄，可從中斷處繼續。",
    lc_now: "現在要做",
    lc_nothing_said: "版圖上沒有新的要移動：請回答問題。",
    lc_last_said: "最近的指示",
    lc_over: "遊戲結束",
    lc_over_hint: "遊戲已結束。若有數字填錯，撤銷可收回最後一個回答。",
    lc_send: "回答",
    lc_none_checked: "不勾選任何一項即回答「無」。",
    lc_at_most: "合計最多 {total}。",
    lc_undo: "撤銷最後一個回答",
    lc_area: "拉塞爾達的區域",
    lc_correct: "修正標記",
    lc_correct_hint: "若版圖上拉塞爾達的假髮或影響力與此不同，請在此設定：以版圖為準。",
    lc_correct_value: "版圖上的數值",
    lc_set: "設定",
    lc_log: "紀錄",
    lc_log_empty: "尚無回答。",
    lc_link: "在其他裝置上繼續",
    lc_link_hint: "此頁的網址就是這局遊戲：在任何裝置上開啟即可繼續。請勿外流。",
    lc_no_session: "沒有拉塞爾達遊戲 {id}。",
    lc_err_stale: "遊戲已在其他裝置上變更；此頁現已更新。",
    lc_word_confirm: "確認",
    lc_word_done: "完成",
    lc_word_none: "無",
    lc_word_empty: "空",
  },
  "zh-Hans": {
    language: "语言",
    lobby: "大厅",
    loading: "载入中…",
    back_to_lobby: "返回大厅",
    yes: "是",
    no: "否",
    and: "与",
    close: "关闭",
    cancel: "取消",
    clear: "清除",
    pass: "跳过",
    filter: "筛选…",
    new_game: "新游戏",
    game: "游戏",
    players: "玩家人数",
    options: "选项",
    seed: "种子",
    seed_hint: "留空＝随机",
    seats: "座位",
    seat_n: "玩家{n}",
    default_name: "玩家{n}",
    human: "真人",
    bot: "电脑",
    name: "名字",
    level: "难度",
    level_easy: "简单",
    level_normal: "普通",
    level_hard: "困难",
    bot_random: "随机",
    bot_greedy: "贪婪",
    bot_mcts: "蒙特卡洛树搜索",
    bot_label: "电脑（{bot}）",
    bot_label_level: "电脑（{bot}，{level}）",
    hotseat: "同机轮流：真人玩家共用这个画面（一个主持链接代表所有真人座位）",
    create: "创建游戏",
    creating: "创建中…",
    generic_board_note: "这个游戏尚未有绘制的版图：以通用画面进行。",
    created_title: "游戏已创建",
    created_hint: "把专属链接分别发给每位玩家：链接只能代表该座位行动。持有观战链接的人都可以观看。",
    seat_link: "{name}（玩家{n}）：专属链接",
    host_link: "主持链接（同机轮流）",
    spectator_link: "观战链接",
    copy: "复制",
    copied: "已复制链接。",
    copy_failed: "无法复制：请选取链接后手动复制。",
    open: "打开",
    active_games: "进行中的游戏",
    finished_games: "已结束的游戏",
    none_yet: "目前没有。",
    refresh: "刷新",
    watch: "观战",
    replay: "重播",
    move_n: "第{n}步",
    to_move: "轮到{who}",
    result_line: "{winners}获胜（{scores}）",
    status_active: "进行中",
    status_finished: "已结束",
    status_imported: "导入的记录",
    my_games: "此设备上的游戏",
    my_games_hint: "这个浏览器参与过的座位：按“继续”回到你的座位。",
    resume: "继续",
    role_host_short: "同机轮流主持",
    forget: "移除",
    forget_hint: "在此设备上移除这局游戏（游戏本身会继续）",
    your_turn_mark: "轮到你",
    gone: "已不在此服务器上",
    record_stops: "停在第{n}步，尚未结束",
    replay_imported: "导入的记录：已结束的游戏",
    replay_imported_unfinished: "导入的记录：停在第{n}步，游戏尚未结束",
    imported_title: "记录：{title}",
    status_over: "游戏结束 · {line}",
    upload_title: "打开记录",
    upload_hint: "记录 JSON 文件（从已结束的游戏下载，或由终端版保存）会以重播打开。",
    choose_file: "选择记录文件…",
    upload_bad_json: "这个文件不是 JSON 记录：{reason}",
    upload_refused: "记录被拒绝：{message}",
    provisional_banner: "暂定：{title}有些配件数值尚无出处：",
    fixed_deal: "指定的牌局：",
    fixed_deal_why: "这场对局的创建者指定了种子，因此创建者能事先得知所有隐藏的卡牌与板块。",
    provisional_all: "全部 {n} 个数值及各自的选定方式",
    err_catalogue: "无法载入游戏列表：{message}",
    err_create: "游戏未创建：{message}",
    err_seed: "种子必须是整数，或留空以随机产生。",
    connecting: "连接中…",
    connected: "已连接",
    reconnecting: "连接中断：{s}秒后重新连接…",
    offline: "离线",
    online: "在线",
    bad_token: "这个链接对本游戏无效（代码错误或已失效）。",
    no_match: "没有游戏 {id}。",
    role_seat: "你是{name}",
    role_host: "同机轮流主持：你代表所有真人座位行动",
    role_spectator: "你正在观战",
    your_turn: "轮到你了",
    your_turn_seat: "{name}：轮到你了",
    waiting_for: "等待{name}…",
    bot_thinking: "{name}思考中…",
    sending: "发送中…",
    not_connected: "尚未连接：这步没有发出。正在重新连接…",
    you: "你",
    scores: "分数",
    score: "分数",
    player: "玩家",
    winner_mark: "胜利者",
    undo: "悔棋",
    undo_hint: "收回你这回合的上一个决定",
    log: "行动记录",
    log_empty: "尚无行动。",
    breakdown: "得分明细",
    total: "合计",
    game_over: "游戏结束",
    winner: "胜利者：{who}",
    winners_shared: "共享胜利：{who}",
    open_replay: "打开重播",
    download_record: "下载记录",
    all_actions: "所有合法行动（{n}）",
    legal_actions: "合法行动",
    err_stale: "你的点击送达前游戏已经前进；版图已更新。",
    err_illegal: "现在不能这样做：{message}",
    err_not_your_turn: "还没轮到你。",
    err_forbidden: "这个链接不能代表那个座位行动。",
    err_finished: "游戏已结束。",
    err_cannot_undo: "现在没有可以悔棋的行动。",
    err_malformed: "服务器无法读取这个请求：{message}",
    err_not_found: "找不到：{message}",
    err_generic: "发生错误：{message}",
    err_not_legal_here: "「{action}」现在不是合法行动。",
    err_board: "无法绘制版图（{message}）；改用通用画面。",
    replay_title: "重播：{title}",
    replay_note: "已结束游戏的重播",
    replay_running: "进行中游戏的重播：仅观战者的视角",
    start: "开头",
    previous: "上一步",
    next: "下一步",
    end: "结尾",
    play: "播放",
    pause: "暂停",
    move_of: "第{n}步，共{total}步",
    start_position: "起始局面（第0步，共{total}步）",
    lc_title: "里斯本单人:拉塞尔达",
    lc_intro: "在你自己的实体版图上玩里斯本官方单人模式：本助手执行拉塞尔达的回合、记录他的区域并告诉你该移动什么；只询问它无法知道的事。",
    lc_settings: "设置",
    lc_settings_hint: "默认值依照本助手的裁定；只有在你的规则另有说法时才更改。开局时会再显示一次供你确认。",
    lc_default_was: "默认：{value}",
    lc_seed: "拉塞尔达随机抽取的种子",
    lc_start: "开始拉塞尔达游戏",
    lc_err_create: "游戏未能开始：{message}",
    lc_mine: "此设备上的拉塞尔达游戏",
    lc_resume: "继续",
    lc_open_save: "打开已保存的拉塞尔达游戏…",
    lc_open_save_hint: "终端助手的存档，或在此下载的记录，可从中断处继续。",
    lc_now: "现在要做",
    lc_nothing_said: "版图上没有新的要移动：请回答问题。",
    lc_last_said: "最近的指示",
    lc_over: "游戏结束",
    lc_over_hint: "游戏已结束。若有数字填错，撤销可收回最后一个回答。",
    lc_send: "回答",
    lc_none_checked: "不勾选任何一项即回答“无”。",
    lc_at_most: "合计最多 {total}。",
    lc_undo: "撤销最后一个回答",
    lc_area: "拉塞尔达的区域",
    lc_correct: "修正标记",
    lc_correct_hint: "若版图上拉塞尔达的假发或影响力与此不同，请在此设置：以版图为准。",
    lc_correct_value: "版图上的数值",
    lc_set: "设置",
    lc_log: "记录",
    lc_log_empty: "尚无回答。",
    lc_link: "在其他设备上继续",
    lc_link_hint: "此页的网址就是这局游戏：在任何设备上打开即可继续。请勿外传。",
    lc_no_session: "没有拉塞尔达游戏 {id}。",
    lc_err_stale: "游戏已在其他设备上变更；此页现已更新。",
    lc_word_confirm: "确认",
    lc_word_done: "完成",
    lc_word_none: "无",
    lc_word_empty: "空",
  },
};

function storedLang() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode): fall back to the browser's language
  }
}

export function getLang() {
  const stored = storedLang();
  if (stored && STRINGS[stored]) return stored;
  const nav = (navigator.language || "en").toLowerCase();
  if (nav.startsWith("zh")) return /tw|hk|mo|hant/.test(nav) ? "zh-Hant" : "zh-Hans";
  return "en";
}

export function setLang(code) {
  if (!STRINGS[code]) throw new Error(`unknown language ${code}`);
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // not remembered, but still switched for this page
  }
  currentOverride = code;
}

let currentOverride = null;

function lang() {
  return currentOverride || getLang();
}

/** The page's language now (the one t() speaks). */
export function currentLang() {
  return lang();
}

/** Whether the page is used with a finger (a phone, a tablet): its texts say "tap". */
export function touchScreen() {
  try {
    return window.matchMedia("(pointer: coarse)").matches;
  } catch {
    return false;
  }
}

// a person taps a touch screen and clicks with a mouse: the words follow the pointer
const TAP_WORDS = [
  [/\b([Cc])lick(ed|ing|s)?\b/g, (_, c, end) => `${c === "C" ? "T" : "t"}ap${{ ed: "ped", ing: "ping", s: "s" }[end] || ""}`],
  [/點擊/g, () => "輕觸"],
  [/点击/g, () => "轻触"],
];

/** ``text`` as a touch screen's user reads it: "tap" where a mouse's user reads "click". */
export function forPointer(text, touch = touchScreen()) {
  if (!touch || typeof text !== "string") return text;
  return TAP_WORDS.reduce((out, [pattern, word]) => out.replace(pattern, word), text);
}

/**
 * The string for key with {name} filled in, in language `code` (the current one if left
 * out); English if the language lacks it, then `fallback`, then the key itself. On a touch
 * screen, "click" reads "tap" (forPointer).
 */
export function t(key, params = {}, fallback = undefined, code = lang()) {
  const table = STRINGS[code] || STRINGS.en;
  let text = forPointer(table[key] ?? STRINGS.en[key] ?? fallback ?? key);
  for (const [name, value] of Object.entries(params)) text = text.split(`{${name}}`).join(String(value));
  return text;
}

/** A date and time as the page's language writes them (not the browser's own locale). */
export function formatDate(value, code = lang()) {
  if (value === null || value === undefined || value === "") return "";
  const date = new Date(typeof value === "number" ? value * 1000 : value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(code, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

// the part of a game's strings.json that labels its options: read by the server for the
// catalogue (docs/web.md "Boards"), not words of the page
const OPTIONS_SECTION = "options";

/**
 * Add a board's strings, `{"en": {key: text}, "zh-Hant": {...}, "zh-Hans": {...}}`, to the
 * tables t() reads. A language this client does not know, a text that is not a string, or a
 * key that already means something else (a shared string or another board's) is refused
 * with an error naming it, so one board can never reword the rest of the page; adding the
 * same table again changes nothing. The file's `options` section (the game's option labels,
 * which the server hands the lobby in the catalogue) is not the page's words: left out.
 */
export function registerStrings(strings) {
  if (!strings || typeof strings !== "object" || Array.isArray(strings)) throw new Error("board strings must be an object of languages");
  const table = Object.fromEntries(Object.entries(strings).filter(([code]) => code !== OPTIONS_SECTION));
  const unknown = Object.keys(table).filter((code) => !STRINGS[code]);
  if (unknown.length) throw new Error(`board strings: unknown language ${unknown[0]} (expected ${Object.keys(STRINGS).join(", ")})`);
  for (const [code, texts] of Object.entries(table)) {
    for (const [key, text] of Object.entries(texts || {})) {
      if (typeof text !== "string") throw new Error(`board strings: ${code}.${key} is not a string`);
      if (key in STRINGS[code] && STRINGS[code][key] !== text) throw new Error(`board strings: ${code}.${key} is already defined`);
    }
  }
  for (const [code, texts] of Object.entries(table)) Object.assign(STRINGS[code], texts);
}

export function botLabel(seat) {
  const bot = t(`bot_${seat.bot}`, {}, seat.bot);
  return seat.level ? t("bot_label_level", { bot, level: t(`level_${seat.level}`, {}, seat.level) }) : t("bot_label", { bot });
}

/** Display names for every seat: humans by name, bots by kind and level, made unique. */
export function seatNames(seats) {
  const names = seats.map((seat, i) => (seat.kind === "bot" ? botLabel(seat) : seat.name || t("seat_n", { n: i + 1 })));
  return names.map((name, i) => (names.indexOf(name) !== names.lastIndexOf(name) ? `${name} · ${t("seat_n", { n: i + 1 })}` : name));
}

/** A server error code (docs/web.md) in words; the server's message stays as it is. */
export function errorText(code, message) {
  const key = `err_${code}`;
  if (STRINGS.en[key]) return t(key, { message: message || "" });
  return t("err_generic", { message: message || code });
}
