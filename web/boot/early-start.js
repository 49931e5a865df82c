// The start screen before Python: the game, the seats, names, computer levels, the options and the language
// can be chosen from the first paint, and Start can be pressed at once.
//
// What each game offers (players, colours, levels and their words in every language) is written into the
// page by the build (scripts/site_skeleton.py, asked of the page's own controllers) as #early-setup. Until
// Python is ready (<html data-ready>) this script runs the form; it keeps the choices in
// window.toledoEarly = {touched, pressed, learn, values}, which web/app/early_start.py puts back into the form
// Python fills, and starts the game (or the lesson) if Start (or the lesson's button) was pressed meanwhile.
// Either pressed early shows progress.
// A chosen game goes into the address (?game=), which is how main.py picks the game it boots.
(function () {
  "use strict";
  const root = document.documentElement;
  const form = document.getElementById("setup");
  const start = document.getElementById("start");
  const source = document.getElementById("early-setup");
  if (!form || !start || !source || root.dataset.ready === "true") return;
  let data;
  try {
    data = JSON.parse(source.textContent);
  } catch (error) {
    return; // no offer in the page: the form waits for Python, as it always could
  }
  const games = Object.keys(data);
  if (!games.length) return;
  let words = {}; // the page's marked words by key and language (#early-words), as Python will write them
  try {
    words = JSON.parse(document.getElementById("early-words")?.textContent || "{}");
  } catch (error) {
    words = {}; // the page keeps its English until Python translates it
  }
  let skeletonWords = {}; // game -> layout -> [fields, {lang: values}] (scripts/skeleton_words.py)
  try {
    skeletonWords = JSON.parse(document.getElementById("skeleton-words")?.textContent || "{}");
  } catch (error) {
    skeletonWords = {}; // the board stays in English until Python draws it
  }
  const MAX_SAVED_GAMES = 12; // the store's limit (toledo.core.store.MAX_SAVED_GAMES)
  const MARKS = [["data-i18n", ""], ["data-i18n-label", "aria-label"], ["data-i18n-title", "title"],
    ["data-i18n-placeholder", "placeholder"]];
  const early = (window.toledoEarly = { touched: false, pressed: false, learn: false, values: null });
  const pythonReady = () => root.dataset.ready === "true";
  const language = () => (data[games[0]].start[root.lang] ? root.lang : "en");
  const byId = (id) => document.getElementById(id);
  const rows = () => Array.from(document.querySelectorAll("#seats .seat"));
  let game = data[root.dataset.skeleton] ? root.dataset.skeleton : games[0];

  function option(value, text) {
    const element = document.createElement("option");
    element.value = value;
    element.textContent = text;
    return element;
  }

  /** Every element marked for translation, in `lang` (what web/app/language.py does once Python runs). */
  function translateMarked(lang) {
    for (const [attr, prop] of MARKS) {
      for (const element of document.querySelectorAll(`[${attr}]`)) {
        const text = words[element.getAttribute(attr)]?.[lang];
        if (text === undefined) continue;
        const filled = text.replaceAll("{number}", element.getAttribute("data-i18n-number") ?? "");
        if (prop) element.setAttribute(prop, filled);
        else element.textContent = filled;
      }
    }
  }

  function showGames() {
    const list = byId("game-list");
    list.replaceChildren();
    for (const name of games) {
      const label = document.createElement("label");
      label.className = "game-option";
      label.dataset.gameOption = name;
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = "game";
      radio.value = name;
      radio.checked = name === game;
      const title = document.createElement("span");
      title.className = "game-title";
      title.textContent = data[name].title;
      const lead = document.createElement("span");
      lead.className = "game-lead";
      lead.textContent = data[name].blurb?.[language()] ?? "";
      label.append(radio, title, lead);
      list.append(label);
    }
  }

  /** The chosen game's name in the top bar and the tab, as Python writes it. */
  function showTitle() {
    document.title = data[game].title;
    const heading = document.querySelector("#topbar h1");
    if (heading) heading.textContent = data[game].title;
  }

  /** The board skeletons in `lang`: the build drew them in English and wrote what differs in each language,
      per drawing as [fields, {lang: values}] (for the values, the name of a layout with the same values
      may stand). A field is [the element's index in document order, the svg first; "" for its own text
      before its first child, else an attribute's name]; a value null drops the attribute. Each box then
      says its language, so Python keeps the drawing as its preview. */
  function speakSkeletons(lang) {
    for (const box of document.querySelectorAll("#board .board-skeleton")) {
      const words = skeletonWords[box.dataset.game] ?? {};
      const [fields, said] = words[box.dataset.layout] ?? [[], {}];
      const values = typeof said === "string" ? words[said]?.[1] ?? {} : said; // another layout's words
      const svg = box.firstElementChild;
      if (!svg || box.dataset.lang === lang || !values[lang]) continue;
      const elements = [svg, ...svg.querySelectorAll("*")];
      fields.forEach(([index, name], i) => {
        const element = elements[index];
        const value = values[lang][i];
        if (!element) return;
        if (name) {
          if (value === null) element.removeAttribute(name);
          else element.setAttribute(name, value);
        } else if (element.firstChild?.nodeType === Node.TEXT_NODE) {
          element.firstChild.data = value;
        } else if (value) {
          element.insertBefore(document.createTextNode(value), element.firstChild);
        }
      });
      box.dataset.lang = lang;
    }
  }

  /** A shell word Python writes without a mark (#early-words has it), in the page's language. */
  function word(key) {
    return words[key]?.[language()] ?? words[key]?.en ?? "";
  }

  // How this browser keeps games, as Python's line says it (web/app/storage.py): refused, kept for good
  // (a promise: the browser answers at once, though not before this script goes on), or as it sees fit.
  let persist = "may";
  try {
    void localStorage.length;
  } catch (error) {
    persist = "none";
  }
  const persisted = persist === "none" ? Promise.resolve(false)
    : Promise.resolve(navigator.storage?.persisted?.()).then(Boolean, () => false);

  /** The stored games' ids (each game has one or two slots), as many as the store keeps. */
  function storedGames() {
    const ids = new Set();
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const found = /^toledo\.autosave(?:-b)?\.(.*)$/.exec(localStorage.key(i) || "");
        if (found) ids.add(found[1]);
      }
    } catch (error) {
      return 0; // storage refused: the line under the list says so
    }
    return Math.min(ids.size, MAX_SAVED_GAMES);
  }

  function showStorageState() {
    const key = { none: "storage_none", kept: "storage_kept" }[persist] ?? "storage_may_clear";
    byId("storage-state").textContent = word(key);
    byId("storage-state").dataset.persist = persist; // "none": said even with no game stored
  }

  /** The start screen's list of unfinished games in the shape Python gives it: the line that says there
   * are none, or a row held for each stored game, which Python fills (reading a stored game is its job). */
  function showSaved() {
    const section = byId("saved-games");
    if (!section) return;
    const stored = storedGames();
    section.toggleAttribute("data-empty", !stored); // a first visit: the section shrinks to its file button
    byId("saved-title").textContent = word("start_saved_games");
    const list = byId("saved-list");
    list.replaceChildren();
    if (!stored) {
      const none = document.createElement("li");
      none.className = "saved-none";
      none.textContent = word("start_no_saved_games");
      list.append(none);
    }
    for (let i = 0; i < stored; i++) {
      const row = document.createElement("li");
      row.className = "saved-pending";
      row.setAttribute("aria-hidden", "true");
      const text = document.createElement("span");
      text.className = "saved-text";
      text.append("\u00a0", document.createElement("br"), "\u00a0"); // an entry's usual two lines
      const resume = Object.assign(document.createElement("button"), { type: "button", disabled: true });
      resume.className = i === 0 ? "btn small primary" : "btn small";
      resume.textContent = word("start_resume");
      const remove = Object.assign(document.createElement("button"), { type: "button", disabled: true });
      remove.className = "btn small";
      remove.textContent = word("saved_game_delete");
      row.append(text, resume, remove);
      list.append(row);
    }
    const open = byId("load-file");
    open.textContent = word("load_file");
    open.disabled = true; // a file is read by Python
    showStorageState();
    section.hidden = false;
  }

  /** The chosen game's variants, if it has several (Python's menu, the same values). */
  function showVariants() {
    const row = byId("variant-row");
    if (!row) return;
    const variants = data[game].variants || [];
    const chosen = byId("variant").value;
    byId("variant-label").textContent = word("variant");
    byId("variant").replaceChildren(...variants.map(([value, names]) => option(value, names[language()])));
    if (variants.some(([value]) => value === chosen)) byId("variant").value = chosen;
    row.hidden = variants.length < 2;
  }

  /** The chosen game's lesson button, as Python labels it (hidden for a game without a lesson). */
  function showLearn() {
    const button = byId("learn");
    if (!button) return;
    const [text, hint] = data[game].learn?.[language()] ?? ["", ""];
    button.textContent = text;
    button.title = hint;
    button.hidden = !text;
  }

  /** The lesson asked for before Python: it starts once Python is there, as Start pressed early does. */
  function onLearn() {
    if (pythonReady() || early.pressed || early.learn) return;
    early.learn = true;
    wait();
  }

  /** The one-minute cards (the chosen game's first), as Python shows them. */
  function openHowTo() {
    if (pythonReady()) return; // Python's own handler shows them
    byId("howto-title").textContent = byId("howto-open").textContent;
    byId("howto-close").textContent = word("close");
    const cards = [game, ...games.filter((name) => name !== game)].map((name) => {
      const [title, lines] = data[name].howto?.[language()] ?? ["", []];
      const card = document.createElement("section");
      card.className = "howto-card";
      card.dataset.game = name;
      const heading = document.createElement("h3");
      heading.textContent = title;
      const list = document.createElement("ol");
      list.append(...lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
      card.append(heading, list);
      return card;
    });
    byId("howto-body").replaceChildren(...cards);
    byId("howto-dialog").showModal();
  }

  /** The whole start screen for the chosen game in the page's language, as Python shows it. */
  function showForm() {
    showSaved();
    showGames();
    showVariants();
    shapeForm();
    showLearn();
  }

  /** The chosen game's player counts, colours and levels, in the page's language; the form's defaults. */
  function shapeForm() {
    const offer = data[game];
    const lang = language();
    const count = byId("num-players");
    const wanted = Number(count.value) || offer.min;
    count.replaceChildren(...Array.from({ length: offer.max - offer.min + 1 }, (_, i) => option(offer.min + i, offer.min + i)));
    count.value = String(Math.min(offer.max, Math.max(offer.min, wanted)));
    rows().forEach((row, i) => {
      const kind = row.querySelector(".seat-kind");
      kind.replaceChildren(option("human", offer.human[lang]), ...offer.levels.map(([value, words]) => option(value, words[lang])));
      const levels = offer.levels.map(([value]) => value);
      kind.value = i === 0 ? "human" : levels.includes("medium") ? "medium" : levels[0];
      const colour = row.querySelector(".seat-colour");
      colour.replaceChildren(...offer.colours.map(([value, words]) => option(value, words[lang])));
      colour.value = offer.colours[i % offer.colours.length][0];
    });
    for (const lead of document.querySelectorAll('#setup [data-i18n="setup_lead"]')) lead.textContent = offer.lead[lang];
    if (!early.pressed) start.textContent = offer.start[lang];
  }

  function showSeats() {
    const count = Number(byId("num-players").value);
    const names = Object.fromEntries(data[game].colours.map(([value, words]) => [value, words[language()]]));
    const help = data[game].help || {};
    rows().forEach((row, i) => {
      row.hidden = i >= count;
      row.querySelector(".seat-name").placeholder = names[row.querySelector(".seat-colour").value] || "";
      const line = row.querySelector(".seat-help"); // what the chosen computer level is like, as Python says it
      if (line) {
        line.textContent = help[row.querySelector(".seat-kind").value]?.[language()] ?? "";
        line.hidden = !line.textContent;
      }
    });
  }

  function read() {
    return {
      game,
      players: byId("num-players").value,
      seats: rows().map((row) => ({
        kind: row.querySelector(".seat-kind").value,
        name: row.querySelector(".seat-name").value,
        colour: row.querySelector(".seat-colour").value,
      })),
      variant: byId("variant-row") && !byId("variant-row").hidden ? byId("variant").value : "",
      seed: byId("seed").value,
      start: byId("start-player").value,
      speed: byId("speed").value,
    };
  }

  function onChange(event) {
    if (pythonReady()) return; // Python runs the form now
    const target = event.target;
    early.touched = true;
    if (target.name === "game" && data[target.value]) {
      game = target.value;
      root.dataset.skeleton = game; // that game's pre-drawn board
      const address = new URL(location.href);
      address.searchParams.set("game", game);
      history.replaceState(history.state, "", address);
      shapeForm();
      showTitle();
      showVariants();
      showLearn();
    }
    showSeats();
    early.values = read();
  }

  function onLanguage(event) {
    if (pythonReady()) return;
    const lang = event.target.value;
    if (!data[game].start[lang]) return;
    root.lang = lang;
    try {
      localStorage.setItem("toledo.lang", lang); // where Python looks, after the address
    } catch (error) {
      // storage refused: Python takes the browser's language then
    }
    const address = new URL(location.href);
    if (address.searchParams.has("lang")) { // a link's ?lang= would win over the choice: it follows it
      address.searchParams.set("lang", lang);
      history.replaceState(history.state, "", address);
    }
    const values = read();
    translateMarked(lang);
    speakSkeletons(lang);
    showForm();
    restore(values); // the same choices, in the other language's words
    showSeats();
  }

  function restore(values) {
    byId("num-players").value = values.players;
    if (values.variant) byId("variant").value = values.variant;
    rows().forEach((row, i) => {
      row.querySelector(".seat-kind").value = values.seats[i].kind;
      row.querySelector(".seat-colour").value = values.seats[i].colour;
    });
  }

  function onSubmit(event) {
    if (pythonReady()) return; // Python's own handler starts the game
    event.preventDefault();
    if (early.learn) return; // the lesson starts instead
    early.pressed = true;
    wait();
  }

  /** A game asked for before Python: the choices kept, the buttons held, progress shown. */
  function wait() {
    early.touched = true;
    early.values = read();
    start.disabled = true;
    const learn = byId("learn");
    if (learn) learn.disabled = true;
    const progress = byId("early-progress");
    if (progress) progress.hidden = false; // without a value (nothing counted) the browser shows it moving
    root.dataset.early = "pressed";
    showLoaded(window.toledoStart?.loaded?.() ?? null);
  }

  /** A first visit's downloads so far, as a share of the wait: on the loading line, and on the progress bar
      and the start button once Start was pressed. The downloads fill nine tenths of it, Python's start
      the rest (nothing counts that, so it is left for the page's swap to finish). */
  function showLoaded(share) {
    if (pythonReady()) return;
    const shown = share === null ? null : Math.floor(Math.min(1, share) * 90) / 100;
    const percent = shown === null ? "" : new Intl.NumberFormat(language(), { style: "percent" }).format(shown);
    const line = byId("loading-share");
    if (line) line.textContent = percent;
    const starting = data[game].starting[language()];
    if (early.pressed || early.learn) start.textContent = percent ? `${starting} ${percent}` : starting;
    const progress = byId("early-progress");
    if (progress && shown !== null) {
      progress.max = 1;
      progress.value = shown;
    }
  }

  const choose = byId("language");
  if (choose && data[games[0]].start[root.lang]) choose.value = root.lang;
  translateMarked(language());
  speakSkeletons(language());
  showTitle();
  showForm();
  showSeats();
  byId("howto-open")?.addEventListener("click", openHowTo);
  byId("howto-close")?.addEventListener("click", () => { if (!pythonReady()) byId("howto-dialog").close(); });
  byId("learn")?.addEventListener("click", onLearn);
  form.addEventListener("change", onChange);
  form.addEventListener("input", (event) => {
    if (!pythonReady() && event.target.matches(".seat-name, #seed")) {
      early.touched = true;
      early.values = read();
    }
  });
  form.addEventListener("submit", onSubmit);
  persisted.then((kept) => {
    if (!kept || pythonReady()) return;
    persist = "kept";
    if (byId("saved-games") && !byId("saved-games").hidden) showStorageState();
  });
  window.toledoStart?.watch?.(showLoaded);
  showLoaded(window.toledoStart?.loaded?.() ?? null);
  choose?.addEventListener("change", onLanguage);
  start.disabled = false;
  root.dataset.form = "early";
})();
