/* A simulation job's page (templates/simulations/detail.html), on top of a page that works without it.
 *
 * Without script the page reloads itself every 2 seconds while the job is queued or running (a meta
 * refresh inside <noscript>). With it, this polls the job's API (data-api-url) about once a second and
 * moves the progress bar, the status sentence (an aria-live region: read out only when it changes from
 * one state to another, not at every percent) and the figures; once the job has finished (done, failed
 * or cancelled) it reloads the page, which then shows the results or the reason.
 *
 * Every sentence comes from the page (data-text-* attributes, translated by Django). No framework.
 */
(function () {
  "use strict";

  var POLL_MS = 1000;
  var SLOWEST_POLL_MS = 10000; // backing off while the server does not answer
  var FINISHED = ["done", "failed", "cancelled"];

  var root = document.getElementById("simulation");
  if (!root || !window.fetch) {
    return;
  }
  var status = root.getAttribute("data-status");
  if (FINISHED.indexOf(status) !== -1) {
    return; // nothing to follow
  }
  var url = root.getAttribute("data-api-url");
  var bar = document.getElementById("simulation-progress");
  var percentLabel = document.getElementById("progress-percent");
  var statusText = document.getElementById("status-text");
  var statusLabel = document.getElementById("status-label");
  // A hands job counts hands (the API's hands_done), a games job games (games_done): one of the two is there.
  var unitsDone = document.getElementById("hands-done") || document.getElementById("games-done");
  var unitsKey = unitsDone && unitsDone.id === "games-done" ? "games_done" : "hands_done";
  var chunksDone = document.getElementById("chunks-done");
  var attempts = document.getElementById("attempts");
  var workers = document.getElementById("workers");
  var elapsed = document.getElementById("elapsed");
  var language = document.documentElement.lang || undefined;
  var delay = POLL_MS;
  var lastSentence = statusText ? statusText.textContent : "";

  function text(name) {
    return root.getAttribute("data-text-" + name) || "";
  }

  function share(fraction) {
    // As the server writes it: one decimal, the page's decimal sign and percent pattern.
    var value = (Math.floor(fraction * 1000) / 10).toFixed(1).replace(".", root.getAttribute("data-decimal") || ".");
    return (root.getAttribute("data-percent") || "%(value)s%").replace("%(value)s", value).replace("%%", "%");
  }

  function duration(seconds) {
    // As the server's "seconds" filter: "8.5 s", "42 s", "3 min 05 s".
    var decimal = root.getAttribute("data-decimal") || ".";
    if (seconds < 60) {
      var shown = seconds < 10 ? seconds.toFixed(1).replace(".", decimal) : String(Math.round(seconds));
      return text("seconds").replace("%(seconds)s", shown);
    }
    var whole = Math.round(seconds);
    var rest = whole % 60;
    return text("minutes")
      .replace("%(minutes)d", String(Math.floor(whole / 60)))
      .replace("%(seconds)02d", (rest < 10 ? "0" : "") + rest);
  }

  function grouped(number) {
    try {
      return new Intl.NumberFormat(language).format(number);
    } catch (error) {
      return String(number);
    }
  }

  function say(sentence) {
    if (statusText && sentence !== lastSentence) {
      statusText.textContent = sentence;
      lastSentence = sentence;
    }
  }

  function show(job) {
    var progress = Math.max(0, Math.min(1, Number(job.progress) || 0));
    if (bar) {
      bar.value = Math.round(progress * 1000) / 10;
      bar.textContent = share(progress);
    }
    if (percentLabel) {
      percentLabel.textContent = share(progress);
    }
    if (unitsDone && typeof job[unitsKey] === "number") {
      unitsDone.textContent = grouped(job[unitsKey]);
    }
    if (chunksDone && typeof job.chunks_done === "number") {
      chunksDone.textContent = String(job.chunks_done);
    }
    if (workers && job.workers && job.workers.length) {
      workers.textContent = job.workers.length + " (" + job.workers.join(", ") + ")";
    }
    if (attempts && typeof job.attempts === "number") {
      attempts.textContent = String(job.attempts);
    }
    if (elapsed && typeof job.seconds === "number") {
      elapsed.textContent = duration(job.seconds);
    }
    if (job.status !== status) {
      root.setAttribute("data-status", job.status);
      root.className = root.className.replace(/\bstatus-\w+/, "status-" + job.status);
      if (statusLabel) {
        statusLabel.textContent = root.getAttribute("data-label-" + job.status) || job.status;
        statusLabel.className = statusLabel.className.replace(/\bstatus-\w+/, "status-" + job.status);
      }
      status = job.status;
    }
    // Only a change of state is announced; the percentage is the progress bar's.
    say(text(status));
  }

  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 404) {
          throw new Error("gone");
        }
        if (!response.ok) {
          throw new Error("HTTP " + response.status);
        }
        return response.json();
      })
      .then(function (job) {
        delay = POLL_MS;
        show(job);
        if (FINISHED.indexOf(job.status) !== -1) {
          window.location.reload(); // the server renders the results (or the reason)
          return;
        }
        window.setTimeout(poll, delay);
      })
      .catch(function (error) {
        if (error && error.message === "gone") {
          window.location.reload(); // the page itself will say there is no such job
          return;
        }
        say(text("lost"));
        delay = Math.min(delay * 2, SLOWEST_POLL_MS);
        window.setTimeout(poll, delay);
      });
  }

  window.setTimeout(poll, POLL_MS);
})();
