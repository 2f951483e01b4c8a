/* "Copy" buttons beside read-only link fields (the VDB link, an unlisted deck's link): the button
 * copies its field's text and says so for a moment. Without a clipboard (an old browser, a page not
 * served over HTTPS) the button selects the text instead, for Ctrl+C. The buttons stay hidden when
 * this script does not run: the field can still be selected by hand. */
(function () {
  "use strict";

  var SAID_MS = 2000;

  function copy(button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) {
      return;
    }
    var label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    field.focus();
    field.select();
    if (!navigator.clipboard || !window.isSecureContext) {
      return;
    }
    navigator.clipboard.writeText(field.value).then(function () {
      button.textContent = button.getAttribute("data-copied") || label;
      window.setTimeout(function () {
        button.textContent = label;
      }, SAID_MS);
    });
  }

  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      copy(button);
    });
  });
})();
