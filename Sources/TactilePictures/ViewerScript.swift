/// The script and style of `tactile view`'s page (`ViewerPage`), inline so the page needs
/// nothing else.
///
/// The script draws the scene at one time, `now`, and plays by moving `now` on a timer
/// (`setTimeout`, so a headless browser's virtual time drives it too). What the page
/// exposes to other scripts and to tests:
/// - `window.tactile`: `play()`, `pause()`, `seek(t)`, `setSpeed(x)`, and `time`, `start`,
///   `end`, `state` to read;
/// - `body[data-state]`: `paused`, `playing` or `ended`; `body[data-time]`: the time drawn;
/// - each surface's `data-left`/`data-top`: where its mm origin is on the page, in CSS
///   px, with `data-px-per-mm`; each contact a `circle[data-id]`;
/// - lines shown as happening have class `active`, those begun `past`;
/// - query parameters: `t` seeks to a time (trace seconds), `speed` sets the speed,
///   `autoplay=1` presses Play.
enum ViewerScript {
    static let style = #"""
        body { margin: 0; font: 14px/1.4 "DejaVu Sans", Verdana, sans-serif; color: #222; background: #fff; }
        header { padding: 10px 16px; border-bottom: 1px solid #ddd; }
        h1 { font-size: 16px; margin: 0 0 8px; }
        h2 { font-size: 14px; margin: 0 0 6px; }
        #controls { display: flex; gap: 12px; align-items: center; }
        #play { min-width: 5em; }
        #scrubber { width: 360px; }
        #clock { font-variant-numeric: tabular-nums; min-width: 6em; }
        main { display: flex; gap: 16px; padding: 12px 16px; align-items: flex-start; }
        #devices { flex: none; }
        figure { margin: 0 0 16px; }
        figcaption { font-size: 12px; color: #555; margin-bottom: 4px; }
        svg.surface { display: block; background: #f7f7f4; }
        svg.surface .outline { fill: none; stroke: #888; stroke-width: 1px; vector-effect: non-scaling-stroke; }
        svg.surface .trails polyline { fill: none; stroke-width: 1px; stroke-linecap: round; stroke-linejoin: round; opacity: 0.45; vector-effect: non-scaling-stroke; }
        svg.surface .marks text { fill: #222; paint-order: stroke; stroke: #fff; }
        svg.surface .ruler line { stroke: #999; stroke-width: 1px; vector-effect: non-scaling-stroke; }
        svg.surface .ruler text { fill: #777; }
        .turn .stage { width: 160px; height: 160px; display: flex; align-items: center; justify-content: center; }
        .phone { width: 56px; height: 100px; border: 3px solid #444; border-radius: 9px; background: #fafafa;
                 position: relative; transition: transform 0.3s ease; }
        .phone .speaker { position: absolute; top: 6px; left: 18px; width: 20px; height: 3px; background: #444; border-radius: 2px; }
        .orientation { font-size: 12px; text-align: center; width: 160px; }
        #gestures { flex: 1; min-width: 0; }
        #lines { margin: 0; padding: 0 0 0 3.5em; max-height: 80vh; overflow: auto; font-size: 12px; }
        #lines li { cursor: pointer; color: #888; padding: 1px 4px; border-radius: 3px; }
        #lines li.past { color: #333; }
        #lines li.active { background: #ffe28a; color: #000; }
        #lines li .t { display: inline-block; min-width: 4.5em; font-variant-numeric: tabular-nums; }
        #lines code { font: 11px "DejaVu Sans Mono", monospace; word-break: break-all; }
        #lines li .words { font-variant-numeric: tabular-nums; }
        #lines li details { display: inline; margin-left: 0.5em; }
        #lines li details summary { display: inline; cursor: pointer; color: #669; font-size: 11px; }
        #lines li details[open] code { display: block; margin: 2px 0 4px; }
        #lines li.hidden { display: none; }
        #filters { display: flex; gap: 1em; flex-wrap: wrap; font-size: 12px; margin: 0 0 6px; }
        #filters select { max-width: 16em; }

        """#

    static let script = #"""
        (function () {
          "use strict";
          var scene = JSON.parse(document.getElementById("scene").textContent);
          var SVG = "http://www.w3.org/2000/svg";
          var playButton = document.getElementById("play");
          var speedSelect = document.getElementById("speed");
          var scrubber = document.getElementById("scrubber");
          var clock = document.getElementById("clock");
          var items = Array.prototype.slice.call(document.querySelectorAll("#lines li"));
          var lines = items.map(function (li) {
            return { li: li, t: +li.dataset.t, until: +li.dataset.until, dev: +li.dataset.dev,
                     x: li.dataset.x === undefined ? null : +li.dataset.x, y: +li.dataset.y, name: li.dataset.name };
          });
          var now = scene.start, speed = 1, timer = null, wallStart = 0, sceneStart = 0, firstActive = null;

          // The last index i with values[i] <= t, or -1.
          function lastAtOrBefore(values, t) {
            var lo = 0, hi = values.length - 1, found = -1;
            while (lo <= hi) {
              var mid = (lo + hi) >> 1;
              if (values[mid] <= t) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
            }
            return found;
          }

          function element(name, attributes) {
            var e = document.createElementNS(SVG, name);
            for (var k in attributes) e.setAttribute(k, attributes[k]);
            return e;
          }

          function drawSurface(device, t) {
            var svg = document.getElementById("surface-" + device.id);
            var trails = svg.querySelector(".trails"), contacts = svg.querySelector(".contacts"), marks = svg.querySelector(".marks");
            trails.textContent = ""; contacts.textContent = ""; marks.textContent = "";
            device.tracks.forEach(function (track) {
              var t0 = track.t[0];
              // Down from its first point until it lifted (or, still down, to its last).
              if (t < t0 || (track.lifted ? t >= track.end : t > track.end)) return;
              var i = lastAtOrBefore(track.t, t);
              var colour = scene.palette[track.colour];
              var first = lastAtOrBefore(track.t, t - 0.5), points = [];
              for (var k = Math.max(0, first); k <= i; k++) points.push(track.x[k] + "," + track.y[k]);
              if (points.length > 1) trails.appendChild(element("polyline", { points: points.join(" "), stroke: colour }));
              contacts.appendChild(element("circle", {
                cx: track.x[i], cy: track.y[i], r: 3 + 2 * track.p[i], fill: colour, "data-id": track.id
              }));
            });
            // Each gesture happening, named beside its fingers' centroid (one name per
            // gesture, stacked where several share a place), in 12 screen pixels on any
            // surface, fading over the two seconds after its line.
            var k = +svg.dataset.pxPerMm, size = 12 / k;
            var named = {}, shown = 0;
            lines.forEach(function (line) {
              if (line.dev !== device.id || line.x === null || !(t >= line.t && t < line.until) || named[line.name]) return;
              named[line.name] = true;
              var text = element("text", {
                x: line.x + 5 / k, y: line.y - 5 / k + 1.2 * size * shown++, "font-size": size, "stroke-width": 2.5 / k,
                opacity: Math.max(0.25, 1 - (t - line.t) / 2).toFixed(2)
              });
              text.textContent = line.name;
              marks.appendChild(text);
            });
          }

          function drawTurn(device, t) {
            var i = lastAtOrBefore(device.turns.map(function (o) { return o.t; }), t);
            var turn = i < 0 ? null : device.turns[i];
            var phone = document.getElementById("phone-" + device.id);
            // The interface turns content by `rotation` to stay upright: the device turned the other way.
            phone.style.transform = "rotate(" + (turn ? -turn.rotation * 180 / Math.PI : 0) + "deg)";
            document.getElementById("orientation-" + device.id).textContent = turn ? turn.orientation + " (" + turn.pose + ")" : "unknown";
          }

          function draw() {
            scene.devices.forEach(function (device) {
              if (device.kind === "accelerometer") drawTurn(device, now); else drawSurface(device, now);
            });
            var active = null;
            lines.forEach(function (line) {
              var on = now >= line.t && now < line.until;
              line.li.classList.toggle("active", on);
              line.li.classList.toggle("past", now >= line.t);
              if (on && active === null) active = line.li;
            });
            if (active !== null && active !== firstActive) active.scrollIntoView({ block: "nearest" });
            firstActive = active;
            clock.textContent = now.toFixed(3) + " s";
            scrubber.value = now;
            document.body.dataset.time = now.toFixed(6);
          }

          function setState(state) {
            document.body.dataset.state = state;
            playButton.textContent = state === "playing" ? "Pause" : "Play";
          }

          function tick() {
            now = Math.min(scene.end, sceneStart + (performance.now() - wallStart) / 1000 * speed);
            draw();
            if (now >= scene.end) { timer = null; setState("ended"); return; }
            timer = setTimeout(tick, 16);
          }

          function play() {
            if (timer !== null) return;
            if (now >= scene.end) now = scene.start;
            sceneStart = now; wallStart = performance.now();
            setState("playing");
            tick();
          }

          function pause() {
            if (timer !== null) { clearTimeout(timer); timer = null; }
            setState(now >= scene.end ? "ended" : "paused");
          }

          function seek(t) {
            now = Math.max(scene.start, Math.min(scene.end, +t));
            sceneStart = now; wallStart = performance.now();
            draw();
          }

          function setSpeed(x) {
            if (!(x > 0)) return;
            sceneStart = now; wallStart = performance.now(); speed = x;
            speedSelect.value = String(x);
          }

          // Where each surface's mm origin is on the page, for scripts and tests.
          function place() {
            document.querySelectorAll("svg.surface").forEach(function (svg) {
              var r = svg.getBoundingClientRect();
              svg.dataset.left = (r.left + window.scrollX).toFixed(1);
              svg.dataset.top = (r.top + window.scrollY).toFixed(1);
            });
          }

          // The lines shown: `changed` lines hidden by one control, a gesture or a device picked.
          var hideChanged = document.getElementById("hide-changed");
          var gestureFilter = document.getElementById("gesture-filter"), deviceFilter = document.getElementById("device-filter");
          function filter() {
            items.forEach(function (li) {
              var hidden = (hideChanged.checked && li.classList.contains("changed"))
                || (gestureFilter.value !== "" && li.dataset.gesture !== gestureFilter.value)
                || (deviceFilter.value !== "" && li.dataset.dev !== deviceFilter.value);
              li.classList.toggle("hidden", hidden);
            });
          }
          [hideChanged, gestureFilter, deviceFilter].forEach(function (c) { c.addEventListener("change", filter); });

          playButton.addEventListener("click", function () { if (timer === null) play(); else pause(); });
          speedSelect.addEventListener("change", function () { setSpeed(+speedSelect.value); });
          scrubber.addEventListener("input", function () { seek(+scrubber.value); });
          items.forEach(function (li) { li.addEventListener("click", function () { seek(+li.dataset.t); }); });
          document.addEventListener("keydown", function (e) {
            if (e.key === " " && e.target === document.body) { e.preventDefault(); playButton.click(); }
          });
          window.addEventListener("resize", place);

          window.tactile = {
            play: play, pause: pause, seek: seek, setSpeed: setSpeed,
            get time() { return now; }, start: scene.start, end: scene.end,
            get state() { return document.body.dataset.state; }
          };

          var query = new URLSearchParams(window.location.search);
          if (query.get("hideChanged") === "1") { hideChanged.checked = true; filter(); }
          if (query.has("speed")) setSpeed(+query.get("speed"));
          seek(query.has("t") ? +query.get("t") : scene.start);
          place();
          if (query.get("autoplay") === "1") playButton.click();
        })();

        """#
}
