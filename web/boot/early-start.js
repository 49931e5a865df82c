// The start screen before Python: the game, the seats, names, computer levels, the options and the language
// can be chosen from the first paint, and Start can be pressed at once.
//
// What each game offers (players, colours, levels and their words in every language) is written into the
// page by the build (scripts/site_skeleton.py, asked of the page's own controllers) as #early-setup. Until
// Python is ready (<html data-ready>) this script runs the form; it keeps the choices in
// window.toledoEarly = {touched, pressed, values}, which web/app/early_start.py puts back into the form
// Python fills, and starts the game if Start was pressed meanwhile. Start pressed early shows progress.
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
  const MARKS = [["data-i18n", ""], ["data-i18n-label", "aria-label"], ["data-i18n-title", "title"],
    ["data-i18n-placeholder", "placeholder"]];
  const early = (window.toledoEarly = { touched: false, pressed: false, values: null });
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
      label.append(radio, title);
      list.append(label);
    }
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
    rows().forEach((row, i) => {
      row.hidden = i >= count;
      row.querySelector(".seat-name").placeholder = names[row.querySelector(".seat-colour").value] || "";
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
      localStorage.setItem("toledo.lang", lang); // where Python looks first
    } catch (error) {
      // storage refused: Python takes the browser's language then
    }
    const values = read();
    translateMarked(lang);
    shapeForm();
    restore(values); // the same choices, in the other language's words
    showSeats();
  }

  function restore(values) {
    byId("num-players").value = values.players;
    rows().forEach((row, i) => {
      row.querySelector(".seat-kind").value = values.seats[i].kind;
      row.querySelector(".seat-colour").value = values.seats[i].colour;
    });
  }

  function onSubmit(event) {
    if (pythonReady()) return; // Python's own handler starts the game
    event.preventDefault();
    early.touched = true;
    early.pressed = true;
    early.values = read();
    start.disabled = true;
    start.textContent = data[game].starting[language()];
    const progress = byId("early-progress");
    if (progress) progress.hidden = false; // no value: the browser shows it moving
    root.dataset.early = "pressed";
  }

  const choose = byId("language");
  if (choose && data[games[0]].start[root.lang]) choose.value = root.lang;
  translateMarked(language());
  showGames();
  shapeForm();
  showSeats();
  form.addEventListener("change", onChange);
  form.addEventListener("input", (event) => {
    if (!pythonReady() && event.target.matches(".seat-name, #seed")) {
      early.touched = true;
      early.values = read();
    }
  });
  form.addEventListener("submit", onSubmit);
  choose?.addEventListener("change", onLanguage);
  start.disabled = false;
  root.dataset.form = "early";
})();
