/* Card previews: hovering (or focusing) a link to a card page shows the card in a popup, and any
 * <img data-fallback="URL"> whose image fails shows the fallback instead.
 *
 * The popup's picture is the card's text card (/cards/<id>/face.svg, drawn by the site from the card list)
 * or, when the site shows images (data-images="1" on this script's tag, set by the server), the card's image
 * (/cards/<id>/image: a mirrored scan, or a redirect to the one hotlinked site), with the text card as its
 * fallback when that image is missing. Everything is same-origin by default; the CSP forbids inline
 * handlers, so the fallbacks are wired here. Without JavaScript the links are plain links.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var showImages = script && script.getAttribute("data-images") === "1";
  var label = (script && script.getAttribute("data-label")) || "Card preview";
  var CARD_PATH = /^\/cards\/(\d+)\/$/;
  var SHOW_DELAY_MS = 120;

  function useFallback(img) {
    var fallback = img.getAttribute("data-fallback");
    if (fallback && img.getAttribute("src") !== fallback) {
      img.setAttribute("src", fallback);
      img.classList.add("is-fallback");
    }
  }

  function watch(img) {
    if (img.getAttribute("data-watched")) {
      return;
    }
    img.setAttribute("data-watched", "1");
    img.addEventListener("error", function () {
      useFallback(img);
    });
    // It may have failed before this script ran (deferred): a finished load with no pixels.
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) {
      useFallback(img);
    }
  }

  function watchAll(root) {
    var found = root.querySelectorAll("img[data-fallback]");
    for (var i = 0; i < found.length; i++) {
      watch(found[i]);
    }
  }

  var popup = null;
  var picture = null;
  var timer = null;
  var current = null;

  function build() {
    popup = document.createElement("div");
    popup.className = "card-popup";
    popup.setAttribute("role", "tooltip");
    popup.setAttribute("aria-label", label);
    popup.hidden = true;
    picture = document.createElement("img");
    picture.width = 250;
    picture.height = 350;
    picture.alt = "";
    picture.addEventListener("error", function () {
      useFallback(picture);
    });
    popup.appendChild(picture);
    document.body.appendChild(popup);
  }

  function cardId(link) {
    if (!link || !link.getAttribute || link.closest(".card-popup")) {
      return null;
    }
    var href = link.getAttribute("href");
    if (!href) {
      return null;
    }
    var path;
    try {
      var url = new URL(href, window.location.href);
      if (url.origin !== window.location.origin) {
        return null;
      }
      path = url.pathname;
    } catch (error) {
      return null;
    }
    var match = CARD_PATH.exec(path);
    return match ? match[1] : null;
  }

  function place(link) {
    var box = link.getBoundingClientRect();
    var width = 250;
    var height = 350;
    var left = box.right + 12;
    if (left + width > window.innerWidth - 8) {
      left = Math.max(8, box.left - width - 12);
    }
    var top = Math.min(Math.max(8, box.top - 40), Math.max(8, window.innerHeight - height - 8));
    popup.style.left = left + window.scrollX + "px";
    popup.style.top = top + window.scrollY + "px";
  }

  function show(link, id) {
    if (!popup) {
      build();
    }
    current = link;
    var face = "/cards/" + id + "/face.svg";
    picture.classList.remove("is-fallback");
    picture.setAttribute("data-fallback", face);
    picture.setAttribute("src", showImages ? "/cards/" + id + "/image" : face);
    picture.alt = link.textContent.trim();
    place(link);
    popup.hidden = false;
  }

  function hide() {
    window.clearTimeout(timer);
    current = null;
    if (popup) {
      popup.hidden = true;
    }
  }

  function enter(event) {
    var link = event.target.closest ? event.target.closest("a") : null;
    var id = cardId(link);
    if (!id || link === current) {
      return;
    }
    window.clearTimeout(timer);
    timer = window.setTimeout(function () {
      show(link, id);
    }, SHOW_DELAY_MS);
  }

  function leave(event) {
    var link = event.target.closest ? event.target.closest("a") : null;
    if (!cardId(link)) {
      return;
    }
    var to = event.relatedTarget;
    if (to && link.contains(to)) {
      return;
    }
    hide();
  }

  document.addEventListener("mouseover", enter);
  document.addEventListener("focusin", enter);
  document.addEventListener("mouseout", leave);
  document.addEventListener("focusout", leave);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      hide();
    }
  });
  window.addEventListener("scroll", hide, { passive: true });

  watchAll(document);
  // Parts of pages replaced later (the editor's search results) may bring pictures of their own.
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      for (var j = 0; j < records[i].addedNodes.length; j++) {
        var node = records[i].addedNodes[j];
        if (node.nodeType === 1) {
          if (node.matches("img[data-fallback]")) {
            watch(node);
          }
          watchAll(node);
        }
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
})();
