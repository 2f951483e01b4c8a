/* Radio buttons each with a field of its own beside it (who sits at the other seats: the field since a date, an
 * archetype, one of my decks; what deck B is): choosing in a field ticks its radio button, so that the choice the
 * player made is the one the form sends. Without this script the radio button is ticked by hand, as the form's
 * help says. */
(function () {
  "use strict";

  document.querySelectorAll(".opponent-choice").forEach(function (choice) {
    var radio = choice.querySelector("input[type=radio]");
    if (!radio) {
      return;
    }
    choice.querySelectorAll("select, input:not([type=radio])").forEach(function (field) {
      ["change", "input"].forEach(function (event) {
        field.addEventListener(event, function () {
          if (!radio.checked) {
            radio.checked = true;
            radio.dispatchEvent(new Event("change", { bubbles: true }));
          }
        });
      });
    });
  });
})();
