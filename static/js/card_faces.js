/* Card previews: hovering (or focusing) a link to a card page shows the card in a popup, and any
 * <img data-fallback="URL"> whose image fails shows the fallback instead.
 *
 * On a touch screen (no hover: the media query "(hover: none)") a tap does it instead: the first tap on a card
 * link opens the preview rather than the page, with a link to the card's page and a close button; a second tap
 * on the same link (or the preview's link) opens the page, a tap anywhere else closes the preview.
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
  var openLabel = (script && script.getAttribute("data-open")) || "Open the card's page";
  var closeLabel = (script && script.getAttribute("data-close")) || "Close the preview";
  var noHover = window.matchMedia ? window.matchMedia("(hover: none)") : null;
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
  var pageLink = null;
  var timer = null;
  var current = null;

  // Whether this screen has no hover (a phone, a tablet): taps preview then. Asked each time, as it may change.
  function touching() {
    return !!(noHover && noHover.matches);
  }

  function build() {
    popup = document.createElement("div");
    popup.className = "card-popup";
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
    // What a tap's preview adds (card_faces.css shows it only then): the card's page, and a way to close it.
    var bar = document.createElement("div");
    bar.className = "card-popup-bar";
    pageLink = document.createElement("a");
    pageLink.className = "card-popup-open";
    pageLink.textContent = openLabel;
    var close = document.createElement("button");
    close.type = "button";
    close.className = "card-popup-close button-secondary";
    close.setAttribute("aria-label", closeLabel);
    close.textContent = "\u00d7";
    close.addEventListener("click", function () {
      var opener = current;
      hide();
      if (opener) {
        opener.focus();
      }
    });
    bar.appendChild(pageLink);
    bar.appendChild(close);
    popup.appendChild(bar);
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

  // A tap's preview: across the screen's middle, above or below the card tapped (never over it, so that a
  // second tap reaches it), the picture as large as the room there allows.
  var BAR_HEIGHT = 60; // the link and close button below the picture (card_faces.css: a 44 px button, padded)
  function placeForTouch(link) {
    var box = link.getBoundingClientRect();
    var above = box.top - 16;
    var below = window.innerHeight - box.bottom - 16;
    var room = Math.max(above, below) - BAR_HEIGHT;
    var width = Math.round(Math.min(250, window.innerWidth - 16, Math.max(120, (room * 5) / 7)));
    popup.style.width = width + "px";
    var height = popup.offsetHeight;
    var top = below >= above ? box.bottom + 8 : Math.max(8, box.top - height - 8);
    var left = Math.max(8, Math.min(box.left + box.width / 2 - width / 2, window.innerWidth - width - 8));
    popup.style.left = left + window.scrollX + "px";
    popup.style.top = top + window.scrollY + "px";
  }

  function show(link, id, byTouch) {
    if (!popup) {
      build();
    }
    current = link;
    var face = "/cards/" + id + "/face.svg";
    picture.classList.remove("is-fallback");
    picture.setAttribute("data-fallback", face);
    picture.setAttribute("src", showImages ? "/cards/" + id + "/image" : face);
    picture.alt = link.textContent.trim();
    popup.classList.toggle("is-touch", !!byTouch);
    popup.setAttribute("role", byTouch ? "dialog" : "tooltip");
    pageLink.setAttribute("href", link.getAttribute("href"));
    popup.style.width = "";
    popup.hidden = false;
    if (byTouch) {
      placeForTouch(link);
    } else {
      place(link);
    }
  }

  function hide() {
    window.clearTimeout(timer);
    current = null;
    if (popup) {
      popup.hidden = true;
    }
  }

  function enter(event) {
    if (touching()) {
      return; // a tap previews instead (below); the mouse events a tap also sends are not hovers
    }
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
    if (touching()) {
      return;
    }
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

  // A tap on a card link: the first opens its preview instead of the page, a second on the same link follows it.
  function tap(event) {
    if (!touching() || event.defaultPrevented || event.button !== 0) {
      return;
    }
    var link = event.target.closest ? event.target.closest("a") : null;
    var id = cardId(link);
    if (!id) {
      return;
    }
    if (link === current && popup && !popup.hidden) {
      return; // the second tap: the link's own page
    }
    event.preventDefault();
    window.clearTimeout(timer);
    show(link, id, true);
  }

  // A tap anywhere but on the preview or a card link closes the preview (pointerdown: a tap on a page's
  // background sends no click on some phones).
  function tapElsewhere(event) {
    if (!popup || popup.hidden || !touching()) {
      return;
    }
    var target = event.target;
    if (target.closest && (target.closest(".card-popup") || cardId(target.closest("a")))) {
      return;
    }
    hide();
  }

  document.addEventListener("click", tap);
  document.addEventListener("pointerdown", tapElsewhere);
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
