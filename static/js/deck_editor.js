/* The deck editor (templates/decks/editor.html), on top of a page that works without it.
 *
 * - Card search as you type: the search form's fields are sent (debounced) to the deck's search URL,
 *   whose HTML fragment replaces #search-results. Tab or ↓ from the search box reaches the results, ↑/↓
 *   move between them, Enter or a click adds the copies of the result's count box (1 unless typed; Enter in
 *   the box adds them too, and the box goes back to 1), Escape goes back to the box; "/" anywhere focuses
 *   the box.
 * - Every change (+, −, remove, Add, the details form) is a JSON POST with the deck version last
 *   seen; the answer's panels (deck, legality, statistics) replace the old ones without a page load.
 *   Writes go one at a time, in order, each with the version the previous one returned.
 * - #save-state says "Saving…", "Saved" or "Not saved: <why>" (an aria-live region). A 409 (the deck
 *   changed in another tab or device) stops all writing and shows the conflict with a Reload button,
 *   which fetches the saved deck: nothing is ever overwritten silently.
 * - The details form saves itself while typing (debounced).
 *
 * Every user-facing sentence comes from the page (data-text-* attributes, translated by Django).
 * No framework, no build step.
 */
(function () {
  "use strict";

  var SEARCH_DELAY_MS = 250;
  var DETAILS_DELAY_MS = 700;
  var PANELS = ["deck", "legality", "stats"];

  var root = document.getElementById("deck-editor");
  if (!root || !window.fetch || !window.URLSearchParams || !window.FormData || !root.closest) {
    return; // the plain forms keep working
  }

  var version = parseInt(root.getAttribute("data-version"), 10);
  var urls = {
    change: root.getAttribute("data-change-url"),
    details: root.getAttribute("data-details-url"),
    panels: root.getAttribute("data-panels-url"),
    search: root.getAttribute("data-search-url"),
    suggestions: root.getAttribute("data-suggestions-url"),
  };
  var saveState = document.getElementById("save-state");
  var summary = document.getElementById("deck-summary");
  var conflictBox = document.getElementById("conflict");
  var reloadButton = document.getElementById("conflict-reload");
  var searchForm = document.getElementById("search-form");
  var searchInput = document.getElementById("card-search");
  var results = document.getElementById("search-results");
  var searchStatus = document.getElementById("search-status");
  var hideBreakers = document.getElementById("hide-breakers");
  var detailsForm = document.getElementById("details-form");

  root.classList.add("js-enabled");

  function text(name) {
    return saveState.getAttribute("data-text-" + name) || "";
  }

  // --- save state --------------------------------------------------------------------------------

  var pending = 0; // writes queued or running
  var lastOk = true; // whether the latest finished write was saved
  var detailsTimer = null;

  function showState(state, message) {
    saveState.setAttribute("data-state", state);
    saveState.textContent = state === "error" ? text("error") + " " + message : text(state);
  }

  function settle() {
    if (pending === 0 && detailsTimer === null && lastOk && !blocked) {
      showState("saved");
    }
  }

  function announce(message) {
    // Cleared first so the same sentence twice in a row is read twice.
    summary.textContent = "";
    window.setTimeout(function () {
      summary.textContent = message;
    }, 50);
  }

  // --- talking to the server ---------------------------------------------------------------------

  function csrfToken() {
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (field && field.value) {
      return field.value;
    }
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function readJson(response) {
    var type = response.headers.get("Content-Type") || "";
    if (response.redirected || type.indexOf("application/json") === -1) {
      // login_required sent us to the login page, or something in between answered.
      var error = new Error("HTTP " + response.status);
      error.loggedOut = response.redirected;
      throw error;
    }
    return response.json().then(function (data) {
      return { status: response.status, data: data || {} };
    });
  }

  function postJson(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-CSRFToken": csrfToken(),
        "X-Requested-With": "XMLHttpRequest",
      },
      body: JSON.stringify(body),
    }).then(readJson);
  }

  // One write at a time, in order: each needs the version the previous one returned.
  var queue = Promise.resolve();
  var blocked = false; // after a conflict, until Reload
  var generation = 0; // bumped by a conflict: writes queued before it are dropped

  function save(url, fields, onSaved) {
    if (blocked) {
      return;
    }
    var mine = generation;
    pending += 1;
    showState("saving");
    queue = queue
      .then(function () {
        if (blocked || mine !== generation) {
          return;
        }
        var body = {};
        Object.keys(fields).forEach(function (key) {
          body[key] = fields[key];
        });
        body.version = version;
        return postJson(url, body).then(
          function (answer) {
            if (answer.status === 200) {
              version = answer.data.version;
              root.setAttribute("data-version", String(version));
              lastOk = true;
              onSaved(answer.data);
            } else if (answer.status === 409) {
              conflict(answer.data.detail || text("failed"));
            } else {
              lastOk = false;
              showState("error", answer.data.detail || text("failed"));
            }
          },
          function (error) {
            lastOk = false;
            showState("error", error.loggedOut ? text("logged-out") : text("offline"));
          }
        );
      })
      .then(function () {
        pending -= 1;
        settle();
      });
  }

  function conflict(message) {
    blocked = true;
    generation += 1;
    window.clearTimeout(detailsTimer);
    detailsTimer = null;
    conflictBox.querySelector(".conflict-message").textContent = message;
    conflictBox.hidden = false;
    showState("error", message);
    reloadButton.focus();
  }

  reloadButton.addEventListener("click", function () {
    reloadButton.disabled = true;
    fetch(urls.panels, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(readJson)
      .then(function (answer) {
        if (answer.status !== 200) {
          throw new Error("HTTP " + answer.status);
        }
        version = answer.data.version;
        root.setAttribute("data-version", String(version));
        applyPanels(answer.data);
        fillDetails(answer.data.details);
        blocked = false;
        lastOk = true;
        conflictBox.hidden = true;
        showState("reloaded");
        document.getElementById("deck-heading").focus();
        refreshSearchForGroups(true);
        scheduleSuggestions();
      })
      .catch(function (error) {
        showState("error", error.loggedOut ? text("logged-out") : text("offline"));
      })
      .then(function () {
        reloadButton.disabled = false;
      });
  });

  // --- panels ------------------------------------------------------------------------------------

  function applyPanels(data) {
    showVdbLink(data.vdb_url);
    var focus = rememberFocus();
    PANELS.forEach(function (name) {
      var old = document.getElementById(name + "-panel");
      if (old && typeof data.panels[name] === "string") {
        old.outerHTML = data.panels[name];
      }
    });
    restoreFocus(focus);
  }

  function legalitySentence() {
    var node = document.querySelector("#legality-panel [data-announce]");
    return node ? node.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // Replacing the deck panel drops the focused button: put focus back on the same button of the same
  // card, or of its neighbour when the card left the deck, so the keyboard path never falls to <body>.
  function rememberFocus() {
    var active = document.activeElement;
    var row = active && active.closest ? active.closest("#deck-panel .deck-card") : null;
    if (!row) {
      return null;
    }
    var rows = Array.prototype.slice.call(document.querySelectorAll("#deck-panel .deck-card"));
    var kind = ["inc", "dec", "remove"].filter(function (name) {
      return active.classList.contains(name);
    })[0];
    return { id: row.getAttribute("data-card-id"), kind: kind || "inc", index: rows.indexOf(row) };
  }

  function restoreFocus(focus) {
    if (!focus) {
      return;
    }
    var row = document.querySelector('#deck-panel .deck-card[data-card-id="' + focus.id + '"]');
    if (!row) {
      var rows = document.querySelectorAll("#deck-panel .deck-card");
      row = rows.length ? rows[Math.min(focus.index, rows.length - 1)] : null;
    }
    var target = row ? row.querySelector("." + focus.kind) : null;
    (target || document.getElementById("deck-heading")).focus();
  }

  function changeCard(cardId, fields, name, isCrypt) {
    fields.card = cardId;
    save(urls.change, fields, function (data) {
      applyPanels(data);
      var row = document.querySelector('#deck-panel .deck-card[data-card-id="' + cardId + '"]');
      var count = row ? row.getAttribute("data-count") : "0";
      announce(name + ": " + count + ". " + legalitySentence());
      if (isCrypt) {
        refreshSearchForGroups(false);
      }
      scheduleSuggestions();
    });
  }

  // --- suggestions -------------------------------------------------------------------------------
  // The Suggestions panel (server-rendered, suggestions/_editor_panel.html) follows the deck: fetched again
  // a moment after the last saved change. Its Add and −1 buttons are the editor's own changes.

  var SUGGESTIONS_DELAY_MS = 600;
  var suggestionsTimer = null;
  var suggestionsSeq = 0;

  function scheduleSuggestions() {
    if (!urls.suggestions || !document.getElementById("suggestions-panel")) {
      return;
    }
    window.clearTimeout(suggestionsTimer);
    suggestionsTimer = window.setTimeout(refreshSuggestions, SUGGESTIONS_DELAY_MS);
  }

  function refreshSuggestions() {
    var seq = ++suggestionsSeq;
    fetch(urls.suggestions, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok || response.redirected) {
          throw new Error("HTTP " + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        var old = document.getElementById("suggestions-panel");
        if (seq === suggestionsSeq && old) {
          old.outerHTML = html;
        }
      })
      .catch(function () {
        // The panel keeps its last suggestions; the deck itself is saved.
      });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("#suggestions-panel .suggestion button") : null;
    if (!button) {
      return;
    }
    event.preventDefault();
    var item = button.closest(".suggestion");
    var cardId = parseInt(item.getAttribute("data-card-id"), 10);
    var delta = button.classList.contains("cut") ? -1 : 1;
    item.classList.add("just-added");
    changeCard(cardId, { delta: delta }, item.getAttribute("data-card-name") || "", item.getAttribute("data-kind") === "crypt");
  });

  // +, − and remove in the deck panel (delegated: the panel is replaced after every change).
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("#deck-panel .deck-card button") : null;
    if (!button) {
      return;
    }
    event.preventDefault();
    var row = button.closest(".deck-card");
    var cardId = parseInt(row.getAttribute("data-card-id"), 10);
    var name = row.querySelector("th").textContent.trim();
    var isCrypt = !!row.closest(".crypt-table");
    if (button.classList.contains("inc")) {
      changeCard(cardId, { delta: 1 }, name, isCrypt);
    } else if (button.classList.contains("dec")) {
      changeCard(cardId, { delta: -1 }, name, isCrypt);
    } else if (button.classList.contains("remove")) {
      changeCard(cardId, { count: 0 }, name, isCrypt);
    }
  });

  // The forms behind those buttons (and behind Add) are for browsers without this script.
  document.addEventListener("submit", function (event) {
    if (event.target.closest && event.target.closest(".change-form, .add-form")) {
      event.preventDefault();
    }
  });

  // --- search ------------------------------------------------------------------------------------

  var searchTimer = null;
  var searchController = null;
  var searchSeq = 0;
  var lastQuery = null; // set below, once searchQuery can read the form

  function searchQuery() {
    var params = new URLSearchParams();
    new FormData(searchForm).forEach(function (value, key) {
      if (String(value).trim()) {
        params.append(key, value);
      }
    });
    return params.toString();
  }

  function runSearch(force, keepFocus) {
    window.clearTimeout(searchTimer);
    searchTimer = null;
    var query = searchQuery();
    if (query === lastQuery && !force) {
      return;
    }
    lastQuery = query;
    if (searchController) {
      searchController.abort();
    }
    searchController = typeof AbortController === "function" ? new AbortController() : null;
    var seq = ++searchSeq;
    results.setAttribute("aria-busy", "true");
    fetch(urls.search + (query ? "?" + query : ""), {
      credentials: "same-origin",
      headers: { Accept: "text/html" },
      signal: searchController ? searchController.signal : undefined,
    })
      .then(function (response) {
        if (response.redirected) {
          var error = new Error("logged out");
          error.loggedOut = true;
          throw error;
        }
        return response.text(); // a 400 carries a fragment saying which filter is wrong
      })
      .then(function (html) {
        if (seq !== searchSeq) {
          return; // an older answer arriving late
        }
        var focus = keepFocus ? rememberResultFocus() : null;
        results.innerHTML = html;
        enhanceResults();
        var count = document.getElementById("search-count");
        if (count && searchStatus && !keepFocus) {
          searchStatus.textContent = count.textContent.replace(/\s+/g, " ").trim();
        }
        restoreResultFocus(focus);
        results.removeAttribute("aria-busy");
        if (window.history && history.replaceState) {
          // A reload (or the back button) shows the same search, rendered by the server.
          history.replaceState(null, "", window.location.pathname + (query ? "?" + query : ""));
        }
      })
      .catch(function (error) {
        if (error.name === "AbortError") {
          return;
        }
        results.removeAttribute("aria-busy");
        showState("error", error.loggedOut ? text("logged-out") : text("offline"));
      });
  }

  function scheduleSearch() {
    window.clearTimeout(searchTimer);
    searchTimer = window.setTimeout(function () {
      runSearch(false, false);
    }, SEARCH_DELAY_MS);
  }

  // Which vampires fit the crypt's groups changes with the crypt: refresh the results it filters.
  function refreshSearchForGroups(always) {
    if ((hideBreakers && hideBreakers.checked) || always) {
      if (searchQuery().replace(/(^|&)hide_breakers=[^&]*/, "")) {
        runSearch(true, true);
      }
    }
  }

  function enhanceResults() {
    results.querySelectorAll(".search-result").forEach(function (item) {
      item.tabIndex = 0; // one Tab stop per result: Enter on it adds, as its button does
      var button = item.querySelector("button.add");
      if (button) {
        button.tabIndex = -1;
        item.setAttribute("aria-label", button.getAttribute("aria-label") || "");
        item.setAttribute("aria-describedby", "result-facts-" + item.getAttribute("data-card-id"));
      }
    });
  }

  function resultItems() {
    return Array.prototype.slice.call(results.querySelectorAll(".search-result"));
  }

  function rememberResultFocus() {
    var active = document.activeElement;
    var item = active && active.closest ? active.closest(".search-result") : null;
    return item && results.contains(item)
      ? { id: item.getAttribute("data-card-id"), index: resultItems().indexOf(item) }
      : null;
  }

  function restoreResultFocus(focus) {
    if (!focus) {
      return;
    }
    var item = results.querySelector('.search-result[data-card-id="' + focus.id + '"]');
    var items = resultItems();
    item = item || items[Math.min(focus.index, items.length - 1)];
    (item || searchInput).focus();
  }

  // The copies a result's count box asks for (its min and max are the deck's limits), or null when the box
  // holds no such number: the browser then says what it accepts, as it would on the form without this script.
  function copiesToAdd(item) {
    var box = item.querySelector("input.add-count");
    if (!box) {
      return 1;
    }
    if (!box.checkValidity()) {
      box.reportValidity();
      return null;
    }
    var copies = parseInt(box.value, 10);
    box.value = "1";
    return copies;
  }

  function addResult(item) {
    var cardId = parseInt(item.getAttribute("data-card-id"), 10);
    var name = item.getAttribute("data-card-name") || "";
    var copies = copiesToAdd(item);
    if (copies === null) {
      return;
    }
    item.classList.remove("just-added");
    void item.offsetWidth; // restart the highlight animation on repeated adds
    item.classList.add("just-added");
    changeCard(cardId, { delta: copies }, name, item.getAttribute("data-kind") === "crypt");
  }

  searchForm.addEventListener("input", scheduleSearch);
  searchForm.addEventListener("change", scheduleSearch);
  searchForm.addEventListener("submit", function (event) {
    event.preventDefault();
    runSearch(true, false);
  });

  results.addEventListener("click", function (event) {
    var item = event.target.closest(".search-result");
    if (!item || event.target.closest("a, input.add-count, label")) {
      return; // a click into the count box only edits it
    }
    event.preventDefault();
    addResult(item);
  });

  results.addEventListener("keydown", function (event) {
    var item = event.target.closest(".search-result");
    if (!item || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (event.target.matches("input.add-count")) {
      if (event.key === "Enter") {
        event.preventDefault();
        addResult(item); // the focus stays in the box, ready for the next number
      } else if (event.key === "Escape") {
        event.preventDefault();
        item.focus();
      }
      return; // ↑/↓ and the digits edit the number
    }
    var items = resultItems();
    var index = items.indexOf(item);
    switch (event.key) {
      case "Enter":
        event.preventDefault();
        addResult(item);
        break;
      case "ArrowDown":
        event.preventDefault();
        (items[index + 1] || item).focus();
        break;
      case "ArrowUp":
        event.preventDefault();
        (index > 0 ? items[index - 1] : searchInput).focus();
        break;
      case "Home":
        event.preventDefault();
        items[0].focus();
        break;
      case "End":
        event.preventDefault();
        items[items.length - 1].focus();
        break;
      case "Escape":
        event.preventDefault();
        searchInput.focus();
        break;
    }
  });

  searchInput.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") {
      var first = results.querySelector(".search-result");
      if (first) {
        event.preventDefault();
        runSearch(false, false); // nothing when the results already match the box
        first.focus();
      }
    } else if (event.key === "Enter") {
      event.preventDefault();
      runSearch(true, false);
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    var target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) {
      return;
    }
    event.preventDefault();
    searchInput.focus();
    searchInput.select();
  });

  lastQuery = searchQuery();
  enhanceResults();

  // --- details -----------------------------------------------------------------------------------

  function detailsFields() {
    return {
      name: detailsForm.elements.name.value,
      description: detailsForm.elements.description.value,
      visibility: detailsForm.elements.visibility.value,
      tags: detailsForm.elements.tags.value,
      format: detailsForm.elements.format ? detailsForm.elements.format.value : undefined,
    };
  }

  function fillDetails(details) {
    if (!details) {
      return;
    }
    detailsForm.elements.name.value = details.name;
    detailsForm.elements.description.value = details.description;
    detailsForm.elements.visibility.value = details.visibility;
    detailsForm.elements.tags.value = details.tags.join(", ");
    if (detailsForm.elements.format && details.format) {
      detailsForm.elements.format.value = details.format;
    }
    showName(details.name);
  }

  // The VDB link carries the cards and the name: it follows every saved change.
  function showVdbLink(url) {
    var field = document.getElementById("vdb-url");
    var open = document.getElementById("vdb-open");
    if (typeof url !== "string" || !field) {
      return;
    }
    field.value = url;
    if (open) {
      open.href = url;
    }
  }

  function showName(name) {
    var title = document.getElementById("deck-title");
    var old = title.textContent;
    if (old !== name) {
      title.textContent = name;
      document.title = document.title.replace(old, name);
    }
  }

  function saveDetails() {
    window.clearTimeout(detailsTimer);
    detailsTimer = null;
    save(urls.details, detailsFields(), function (data) {
      showName(data.details.name);
      showVdbLink(data.vdb_url);
      if (data.panels) {
        // The format changed: its legality, and the search when it keeps to the format.
        applyPanels(data);
        var inFormat = document.getElementById("in-format");
        if (inFormat && inFormat.checked && searchQuery().replace(/(^|&)(hide_breakers|in_format)=[^&]*/g, "")) {
          runSearch(true, true);
        }
      }
    });
  }

  function scheduleDetails() {
    if (blocked) {
      return;
    }
    window.clearTimeout(detailsTimer);
    showState("saving");
    detailsTimer = window.setTimeout(saveDetails, DETAILS_DELAY_MS);
  }

  // "input" fires for selects too; "change" would also fire when a text field loses focus, saving twice.
  detailsForm.addEventListener("input", scheduleDetails);
  detailsForm.addEventListener("submit", function (event) {
    event.preventDefault();
    saveDetails();
  });
  // Saved as they change: the note says so, in place of the button a page without this script needs.
  var note = detailsForm.querySelector(".autosave-note");
  var saveButton = document.getElementById("details-save");
  if (note) {
    note.hidden = false;
    if (saveButton) {
      saveButton.hidden = true;
    }
  }

  window.addEventListener("beforeunload", function (event) {
    if (detailsTimer !== null) {
      saveDetails(); // starts the request; the prompt below gives it time to finish
    }
    if (pending > 0 || detailsTimer !== null) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
})();
