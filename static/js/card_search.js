/* Card-name suggestions for every <input data-autocomplete="URL">.
 *
 * As the user types, the input asks URL?q=… (debounced) for {"results": [{id, name, kind}]} and shows
 * the names in a listbox under it, as an ARIA combobox: ↓/↑ move through the suggestions, Enter opens
 * the highlighted card, Escape closes the list. With nothing highlighted Enter submits the form as
 * usual, and without JavaScript the form is a plain GET search, so this file only ever adds.
 *
 * What it says comes from the input's data-text-* attributes, translated by Django (cards.views.
 * suggestion_texts); the English below is only a fallback. data-text-count-<category> holds one
 * sentence per CLDR plural category, chosen with Intl.PluralRules for the page's <html lang>.
 */
(function () {
  "use strict";

  var DEBOUNCE_MS = 200;
  var MIN_CHARS = 2;

  function setUp(input) {
    var url = input.getAttribute("data-autocomplete");
    var detailPrefix = input.getAttribute("data-detail-prefix") || "/cards/";
    var listId = input.id + "-suggestions";

    function say(name, fallback) {
      return input.getAttribute("data-text-" + name) || fallback;
    }

    function countText(count) {
      var category = "other";
      try {
        category = new Intl.PluralRules(document.documentElement.lang || "en").select(count);
      } catch (error) {
        // no Intl: the "other" sentence
      }
      var sentence = say("count-" + category, "") || say("count-other", "");
      if (sentence) {
        return sentence.replace("%(count)s", String(count));
      }
      return count + (count === 1 ? " suggestion" : " suggestions") + ", use the arrow keys to choose";
    }

    var list = document.createElement("ul");
    list.id = listId;
    list.className = "suggestions";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", say("list", "Card name suggestions"));
    list.hidden = true;
    input.insertAdjacentElement("afterend", list);

    // Announces how many suggestions there are to screen readers.
    var status = document.createElement("div");
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    list.insertAdjacentElement("afterend", status);

    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listId);
    input.setAttribute("autocomplete", "off");

    var results = [];
    var active = -1;
    var timer = null;
    var controller = null;
    var lastQuery = null;

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }

    function highlight(index) {
      var options = list.children;
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "false");
      }
      active = index;
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "true");
        input.setAttribute("aria-activedescendant", options[active].id);
        options[active].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function open(card) {
      window.location.href = detailPrefix + encodeURIComponent(card.id) + "/";
    }

    function render(items) {
      results = items;
      active = -1;
      list.textContent = "";
      items.forEach(function (card, i) {
        var option = document.createElement("li");
        option.id = listId + "-" + i;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        var name = document.createElement("span");
        name.textContent = card.name;
        var kind = document.createElement("span");
        kind.className = "kind";
        kind.textContent = say("kind-" + card.kind, card.kind);
        option.appendChild(name);
        option.appendChild(kind);
        // mousedown would blur the input (and close the list) before click fires.
        option.addEventListener("mousedown", function (event) { event.preventDefault(); });
        option.addEventListener("click", function () { open(card); });
        list.appendChild(option);
      });
      if (items.length) {
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
        status.textContent = countText(items.length);
      } else {
        close();
        status.textContent = say("none", "No matching card names");
      }
    }

    function fetchSuggestions() {
      var query = input.value.trim();
      if (query === lastQuery) {
        return;
      }
      lastQuery = query;
      if (controller) {
        controller.abort();
        controller = null;
      }
      if (query.length < MIN_CHARS) {
        render([]);
        status.textContent = "";
        return;
      }
      controller = typeof AbortController === "function" ? new AbortController() : null;
      var requestFor = query;
      fetch(url + "?q=" + encodeURIComponent(query), {
        headers: { Accept: "application/json" },
        signal: controller ? controller.signal : undefined,
      })
        .then(function (response) {
          if (!response.ok) {
            throw new Error("HTTP " + response.status);
          }
          return response.json();
        })
        .then(function (body) {
          // A slower, older answer must not replace the list for what is typed now.
          if (requestFor === input.value.trim() && document.activeElement === input) {
            render(Array.isArray(body.results) ? body.results : []);
          }
        })
        .catch(function (error) {
          if (error.name !== "AbortError") {
            close();
          }
        });
    }

    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(fetchSuggestions, DEBOUNCE_MS);
    });

    input.addEventListener("keydown", function (event) {
      var count = results.length;
      switch (event.key) {
        case "ArrowDown":
          if (list.hidden) {
            if (count) {
              list.hidden = false;
              input.setAttribute("aria-expanded", "true");
              highlight(0);
            }
          } else {
            highlight(active + 1 < count ? active + 1 : 0);
          }
          event.preventDefault();
          break;
        case "ArrowUp":
          if (!list.hidden && count) {
            highlight(active > 0 ? active - 1 : count - 1);
            event.preventDefault();
          }
          break;
        case "Enter":
          if (!list.hidden && active >= 0 && results[active]) {
            event.preventDefault();
            open(results[active]);
          }
          break;
        case "Escape":
          if (!list.hidden) {
            event.preventDefault();
            close();
          }
          break;
        case "Tab":
          close();
          break;
      }
    });

    input.addEventListener("blur", close);
    input.addEventListener("focus", function () {
      if (results.length && input.value.trim() === lastQuery) {
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
      }
    });
  }

  document.querySelectorAll("input[data-autocomplete][id]").forEach(setUp);
})();
