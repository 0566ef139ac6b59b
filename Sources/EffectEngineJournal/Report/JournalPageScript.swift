/// The journal page's script (``JournalPage``; its markup and style are in
/// `JournalPageScript+Markup.swift`), all written for this page: a timeline canvas of
/// tasks over steps, a list of events that draws only the rows on screen, and a panel with
/// the chosen step's changes and whole state.
///
/// The state at a step is the initial state with every step's changes applied, each change
/// copying only the nodes along its path; a copy every 256 steps is kept, so any step is
/// at most 255 changes away. What the browser checks read: `#list[data-rows]` (the rows in
/// view, all the journal's entries without a search), `#detail[data-step]` and `#state`
/// (the chosen step's state, laid out as `:state` prints it), `body[data-first-screen-ms]`.
/// A step is chosen with `#step=N` in the address, and a search made with `#q=text`.
enum JournalPageScript {
    static let script = #"""
        (function () {
        var D = pageData();
        useShapes(D.shapes);
        var N = D.events.length, S = D.strings, ROW = 22, BLOCK = 256;
        var KIND = ['running at the end', 'ended', 'replaced', 'cancelled', 'failed'];
        var COLOR = ['#0d9488', '#0d9488', '#d97706', '#94a3b8', '#dc2626'];
        var tasks = D.tasks.map(function (t, i) {
          return { index: i, id: t[0], name: t[1] >= 0 ? S[t[1]] : null, start: t[2], end: t[3], kind: t[4],
                   by: t[5], error: t[6] >= 0 ? S[t[6]] : null, inferred: t[7] === 1, events: [] };
        });
        function taskName(t) { return t.name === null ? 'task #' + t.id : 'task "' + t.name + '" #' + t.id; }
        var differs = new Set(D.differs);
        var startsAt = new Map(), endsAt = new Map();
        function note(map, step, t) { var l = map.get(step); if (!l) map.set(step, l = []); l.push(t); }
        tasks.forEach(function (t) { if (!t.inferred) note(startsAt, t.start, t); if (t.end >= 0 && t.kind > 0) note(endsAt, t.end, t); });
        var causeCount = [new Int32Array(N + 1), new Int32Array(N + 1), new Int32Array(N + 1)];
        for (var s = 0; s < N; s++) {
          var c = D.causes[s], k = c >= 2 ? 2 : c;
          for (var q = 0; q < 3; q++) causeCount[q][s + 1] = causeCount[q][s] + (q === k ? 1 : 0);
          if (c >= 2) tasks[c - 2].events.push(s + 1);
        }

        // States: the initial state, each step's changes applied; a copy every BLOCK steps.
        var blocks = [D.initial];
        function applyStep(state, step) {
          var changes = D.changes[step - 1];
          if (changes === 0) return state;
          for (var i = 0; i < changes.length; i++) state = applyChange(state, changes[i]);
          return state;
        }
        function stateAt(step) {
          var b = Math.floor(step / BLOCK);
          while (blocks.length <= b) {
            var from = (blocks.length - 1) * BLOCK, st = blocks[blocks.length - 1];
            for (var i = from + 1; i <= from + BLOCK; i++) st = applyStep(st, i);
            blocks.push(st);
          }
          var state = blocks[b];
          for (var j = b * BLOCK + 1; j <= step; j++) state = applyStep(state, j);
          return state;
        }

        // Header.
        document.getElementById('title').textContent = D.title;
        document.title = D.title;
        document.getElementById('facts').textContent = N.toLocaleString('en-US') + (N === 1 ? ' event · ' : ' events · ') +
          tasks.length.toLocaleString('en-US') + (tasks.length === 1 ? ' task' : ' tasks') + ' · ' + D.source;
        if (D.difference) {
          var banner = document.getElementById('difference');
          banner.hidden = false;
          banner.textContent = 'The replay differs from the journal at ' + D.differs.length + ' step' +
            (D.differs.length === 1 ? '' : 's') + ' (marked red): first at ' + D.difference;
        }

        // The list: only the rows on screen are in the document.
        var list = document.getElementById('list'), rows = document.getElementById('rows');
        var view = null, viewLength = N, selected = -1, query = '';
        function stepAtRow(r) { return view ? view[r] : r + 1; }
        function rowOfStep(step) {
          if (!view) return step >= 1 && step <= N ? step - 1 : -1;
          var lo = 0, hi = view.length - 1;
          while (lo <= hi) { var mid = (lo + hi) >> 1; if (view[mid] < step) lo = mid + 1; else if (view[mid] > step) hi = mid - 1; else return mid; }
          return -1;
        }
        function highlight(text) {
          if (!query) return esc(text);
          var lower = text.toLowerCase(), out = '', at = 0, i;
          while ((i = lower.indexOf(query, at)) >= 0) { out += esc(text.slice(at, i)) + '<mark>' + esc(text.slice(i, i + query.length)) + '</mark>'; at = i + query.length; }
          return out + esc(text.slice(at));
        }
        function causeBadge(step) {
          var c = D.causes[step - 1];
          if (c === 0) return '<span class="badge external">external</span>';
          if (c === 1) return '<span class="badge action">action</span>';
          return '<span class="badge task" title="' + esc(taskName(tasks[c - 2])) + '">' + highlight(taskName(tasks[c - 2])) + '</span>';
        }
        function marks(step) {
          var parts = [];
          (startsAt.get(step) || []).forEach(function (t) { parts.push('▶ ' + (t.name === null ? '#' + t.id : t.name)); });
          (endsAt.get(step) || []).forEach(function (t) { parts.push((t.kind === 1 ? '■ ' : t.kind === 2 ? '⇄ ' : t.kind === 3 ? '✕ ' : '! ') + (t.name === null ? '#' + t.id : t.name)); });
          return esc(parts.join(' '));
        }
        function drawRows() {
          var top = list.scrollTop, height = list.clientHeight || 600;
          var first = Math.max(0, Math.floor(top / ROW) - 10), last = Math.min(viewLength, Math.ceil((top + height) / ROW) + 10);
          var html = '';
          for (var r = first; r < last; r++) {
            var step = stepAtRow(r);
            var cls = 'row' + (step === selected ? ' selected' : '') + (differs.has(step) ? ' differs' : '');
            html += '<div class="' + cls + '" data-step="' + step + '" style="top:' + (r * ROW) + 'px">' +
              '<span class="step">' + step + '</span><span class="cause">' + causeBadge(step) + '</span>' +
              '<span class="event">' + highlight(S[D.events[step - 1]]) + '</span>' +
              '<span class="effect">' + highlight(S[D.effects[step - 1]]) + '</span>' +
              '<span class="marks">' + marks(step) + '</span></div>';
          }
          rows.innerHTML = html || (N === 0 ? '<div class="empty">No events: the journal is empty.</div>' : '<div class="empty">No event matches.</div>');
          drawLanes();
        }
        function setView(v) {
          view = v;
          viewLength = v ? v.length : N;
          rows.style.height = (viewLength * ROW) + 'px';
          list.dataset.rows = String(viewLength);
          list.dataset.total = String(N);
          drawRows();
        }
        var pending = false;
        list.addEventListener('scroll', function () {
          if (pending) return;
          pending = true;
          requestAnimationFrame(function () { pending = false; drawRows(); });
        });
        rows.addEventListener('click', function (e) {
          var row = e.target.closest('.row');
          if (row && row.dataset.step) select(Number(row.dataset.step), false);
        });
        list.addEventListener('keydown', function (e) {
          var r = rowOfStep(selected), page = Math.max(1, Math.floor(list.clientHeight / ROW) - 1);
          var to = e.key === 'ArrowDown' ? r + 1 : e.key === 'ArrowUp' ? r - 1 : e.key === 'PageDown' ? r + page :
            e.key === 'PageUp' ? r - page : e.key === 'Home' ? 0 : e.key === 'End' ? viewLength - 1 : null;
          if (to === null || viewLength === 0) return;
          e.preventDefault();
          select(stepAtRow(Math.max(0, Math.min(viewLength - 1, to))), true);
        });
        function reveal(step) {
          var r = rowOfStep(step);
          if (r < 0) return;
          var top = r * ROW;
          if (top < list.scrollTop || top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = Math.max(0, top - list.clientHeight / 3);
        }

        // The chosen step.
        var detail = document.getElementById('detail');
        function select(step, scroll) {
          selected = Math.max(0, Math.min(N, step));
          if (scroll) reveal(selected);
          drawRows();
          showDetail(selected);
          if (history.replaceState) history.replaceState(null, '', '#step=' + selected);
        }
        function changeHTML(before, change) {
          var path = change[0], where = pathText(before, path) || '(whole state)', out = '<div class="change"><div class="path">' + esc(where) + '</div>';
          if (change.length === 2) {
            var old = nodeAt(before, path);
            out += '<div class="old">− ' + esc(old === undefined ? '(none)' : inlineText(old)) + '</div><div class="new">+ ' + esc(inlineText(change[1])) + '</div>';
          } else {
            var target = nodeAt(before, path);
            for (var i = 0; i < change[2]; i++) {
              out += '<div class="old">− [' + (change[1] + i) + '] ' + esc(inlineText(target[change[1] + i + 1])) + '</div>';
            }
            change[3].forEach(function (node, i) { out += '<div class="new">+ [' + (change[1] + i) + '] ' + esc(inlineText(node)) + '</div>'; });
          }
          return out + '</div>';
        }
        function showDetail(step) {
          var head = document.getElementById('step-head'), diff = document.getElementById('diff'), tl = document.getElementById('step-tasks');
          detail.dataset.step = String(step);
          var state = stateAt(step);
          if (step === 0) {
            head.innerHTML = '<div class="title">Initial state</div><div class="line muted">before the first of ' + N + ' events</div>';
            diff.innerHTML = '<div class="muted">—</div>';
            tl.innerHTML = '<div class="muted">—</div>';
          } else {
            head.innerHTML = '<div class="title">Step ' + step + ' of ' + N + '</div><div class="line">' + causeBadge(step) + ' ' + esc(S[D.events[step - 1]]) +
              '</div><div class="line muted">effect: ' + esc(S[D.effects[step - 1]]) + '</div>' +
              (differs.has(step) ? '<div class="line bad">The replay differs from the journal here.</div>' : '');
            var changes = D.changes[step - 1];
            if (changes === 0) { diff.innerHTML = '<div class="muted">No change to the state.</div>'; }
            else {
              var before = stateAt(step - 1), html = '';
              changes.forEach(function (change) { html += changeHTML(before, change); before = applyChange(before, change); });
              diff.innerHTML = html;
            }
            var lines = [];
            (startsAt.get(step) || []).forEach(function (t) { lines.push('started ' + taskName(t)); });
            (endsAt.get(step) || []).forEach(function (t) {
              lines.push(KIND[t.kind] + ' ' + taskName(t) + (t.kind === 2 && t.by >= 0 ? ' by #' + tasks[t.by].id : '') + (t.error ? ': ' + t.error : ''));
            });
            var c = D.causes[step - 1];
            if (c >= 2) {
              var t = tasks[c - 2];
              lines.unshift('delivered by ' + taskName(t) + (t.inferred ? ' (the journal does not say when it started)' : ', started after step ' + t.start));
            }
            tl.innerHTML = lines.length ? lines.map(function (l) { return '<div class="task-line">' + esc(l) + '</div>'; }).join('') : '<div class="muted">No task changed after this step.</div>';
          }
          document.getElementById('state-title').textContent = step === 0 ? 'Initial state' : 'State after step ' + step;
          var pre = document.getElementById('state');
          pre.textContent = layoutNode(state);
          pre.dataset.step = String(step);
        }

        // Search: events, effects, task names; #N goes to step N.
        var search = document.getElementById('search'), matches = document.getElementById('matches'), timer = 0;
        function runSearch() {
          var text = search.value.trim(), jump = /^#(\d+)$/.exec(text);
          if (jump) { query = ''; setView(null); matches.textContent = ''; select(Number(jump[1]), true); return; }
          query = text.toLowerCase();
          if (!query) { setView(null); matches.textContent = ''; reveal(selected); return; }
          var hit = new Uint8Array(S.length);
          for (var i = 0; i < S.length; i++) if (S[i].toLowerCase().indexOf(query) >= 0) hit[i] = 1;
          var taskHit = tasks.map(function (t) { return taskName(t).toLowerCase().indexOf(query) >= 0; });
          var ext = 'external'.indexOf(query) >= 0, act = 'action'.indexOf(query) >= 0;
          var found = [];
          for (var s = 0; s < N; s++) {
            var c = D.causes[s];
            if (hit[D.events[s]] || hit[D.effects[s]] || (c === 0 && ext) || (c === 1 && act) || (c >= 2 && taskHit[c - 2])) found.push(s + 1);
          }
          list.scrollTop = 0;
          setView(Int32Array.from(found));
          matches.textContent = found.length.toLocaleString('en-US') + ' of ' + N.toLocaleString('en-US');
        }
        search.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(runSearch, 120); });
        search.addEventListener('keydown', function (e) {
          if (e.key !== 'Enter') return;
          clearTimeout(timer);
          runSearch();
          if (view && view.length) {
            var r = rowOfStep(selected), next = r < 0 ? 0 : (r + 1) % view.length;
            for (var i = 0; r < 0 && i < view.length; i++) if (view[i] > selected) { next = i; break; }
            select(view[next], true);
          }
        });

        // The timeline: tasks as bars over steps, a lane per task name.
        var lanesView = document.getElementById('lanes-view'), canvas = document.getElementById('lanes'), spacer = document.getElementById('lanes-spacer');
        var lanes = [], laneOf = new Map(), unnamedEnds = [];
        tasks.slice().sort(function (a, b) { return a.start - b.start; }).forEach(function (t) {
          var lane;
          if (t.name !== null) {
            lane = laneOf.get(t.name);
            if (lane === undefined) { lane = lanes.length; laneOf.set(t.name, lane); lanes.push({ label: t.name, tasks: [] }); }
          } else {
            var end = t.end >= 0 ? t.end : N, u;
            for (u = 0; u < unnamedEnds.length; u++) if (unnamedEnds[u].end < t.start) break;
            if (u === unnamedEnds.length) { unnamedEnds.push({ lane: lanes.length, end: end }); lanes.push({ label: '(unnamed)', tasks: [] }); }
            unnamedEnds[u].end = end;
            lane = unnamedEnds[u].lane;
          }
          lanes[lane].tasks.push(t);
        });
        var LANE = 16, TOP = 34, LABEL = 150, v0 = 0, v1 = Math.max(N, 1);
        var viewHeight = TOP + Math.min(Math.max(lanes.length, 1), 8) * LANE + 6;
        lanesView.style.height = viewHeight + 'px';
        spacer.style.height = Math.max(0, TOP + lanes.length * LANE + 6 - viewHeight) + 'px';
        function niceTick(least) {
          var power = Math.pow(10, Math.floor(Math.log10(Math.max(1, least))));
          for (var m of [1, 2, 5, 10]) if (m * power >= least) return m * power;
          return 10 * power;
        }
        function xOf(step, width) { return LABEL + (step - v0) / (v1 - v0) * (width - LABEL - 10); }
        function stepOf(x, width) { return v0 + (x - LABEL) / (width - LABEL - 10) * (v1 - v0); }
        function drawLanes() {
          var width = lanesView.clientWidth || 1000, ratio = window.devicePixelRatio || 1;
          if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(viewHeight * ratio)) {
            canvas.width = Math.round(width * ratio); canvas.height = Math.round(viewHeight * ratio);
            canvas.style.width = width + 'px'; canvas.style.height = viewHeight + 'px';
          }
          var g = canvas.getContext('2d');
          g.setTransform(ratio, 0, 0, ratio, 0, 0);
          g.clearRect(0, 0, width, viewHeight);
          g.font = '11px system-ui, sans-serif';
          // Ruler.
          var span = v1 - v0, stepPx = (width - LABEL - 10) / span, tick = niceTick(70 / stepPx);
          g.fillStyle = '#667085'; g.strokeStyle = '#e4e7ec';
          g.fillText('steps', 8, 12);
          for (var t0 = Math.ceil(v0 / tick) * tick; t0 <= v1; t0 += tick) {
            var x = xOf(t0, width);
            g.fillRect(x, 14, 1, 4);
            g.fillText(String(t0), x + 2, 12);
          }
          // Events by cause, one strip each.
          g.fillText('events', 8, 30);
          var colors = ['37,99,235', '147,51,234', '13,148,136'];
          for (var px = LABEL; px < width - 10; px++) {
            var a = Math.max(0, Math.floor(stepOf(px, width))), b = Math.min(N, Math.floor(stepOf(px + 1, width)));
            if (b <= a) b = Math.min(N, a + 1);
            if (a >= N) break;
            for (var q = 0; q < 3; q++) {
              var n = causeCount[q][b] - causeCount[q][a];
              if (n > 0) { g.fillStyle = 'rgba(' + colors[q] + ',' + Math.min(1, 0.35 + n / (b - a)) + ')'; g.fillRect(px, 20 + q * 4, 1, 3); }
            }
          }
          // The rows on screen, and the chosen step.
          var firstRow = Math.floor(list.scrollTop / ROW), lastRow = Math.min(viewLength - 1, Math.floor((list.scrollTop + list.clientHeight) / ROW));
          if (viewLength > 0) {
            var xa = xOf(stepAtRow(firstRow) - 1, width), xb = xOf(stepAtRow(Math.max(firstRow, lastRow)), width);
            g.fillStyle = 'rgba(37,99,235,0.08)'; g.fillRect(xa, 0, Math.max(2, xb - xa), viewHeight);
          }
          // Lanes.
          var scroll = lanesView.scrollTop, firstLane = Math.floor(scroll / LANE), y0 = TOP - (scroll % LANE);
          g.save(); g.beginPath(); g.rect(0, TOP, width, viewHeight - TOP); g.clip();
          if (!lanes.length) { g.fillStyle = '#667085'; g.fillText('No task ran.', LABEL, TOP + 12); }
          for (var l = firstLane; l < lanes.length && y0 + (l - firstLane) * LANE < viewHeight; l++) {
            var y = y0 + (l - firstLane) * LANE;
            if (l % 2 === 0) { g.fillStyle = '#f8fafc'; g.fillRect(0, y, width, LANE); }
            g.fillStyle = '#1d2330'; g.fillText(lanes[l].label.length > 22 ? lanes[l].label.slice(0, 21) + '…' : lanes[l].label, 8, y + 12);
            lanes[l].tasks.forEach(function (t) {
              var end = t.end >= 0 ? t.end : N, xs = xOf(t.start - 0.5, width), xe = xOf(end + 0.5, width);
              if (xe < LABEL || xs > width) return;
              xs = Math.max(LABEL, xs); xe = Math.max(xs + 2, Math.min(width - 4, xe));
              if (t.inferred) { g.strokeStyle = COLOR[t.kind]; g.setLineDash([3, 2]); g.strokeRect(xs + 0.5, y + 3.5, xe - xs - 1, 9); g.setLineDash([]); }
              else { g.fillStyle = COLOR[t.kind]; g.fillRect(xs, y + 3, xe - xs, 10); }
              if (t.kind === 0) { g.fillStyle = 'rgba(255,255,255,0.55)'; g.fillRect(xe - 6, y + 3, 6, 10); }
              if (t.kind === 3 || t.kind === 4) { g.fillStyle = '#1d2330'; g.fillRect(xe - 2, y + 1, 2, 14); }
              if (stepPx > 3) { g.fillStyle = 'rgba(255,255,255,0.9)'; t.events.forEach(function (e) { var ex = xOf(e, width); if (ex >= xs && ex <= xe) g.fillRect(ex - 0.5, y + 5, 1, 6); }); }
            });
          }
          g.restore();
          if (selected >= 0) { var xsel = xOf(selected, width); g.fillStyle = '#2563eb'; g.fillRect(xsel - 0.5, 0, 1.5, viewHeight); }
          g.fillStyle = '#e4e7ec'; g.fillRect(LABEL - 6, 0, 1, viewHeight);
        }
        lanesView.addEventListener('scroll', drawLanes);
        window.addEventListener('resize', function () { drawRows(); });
        function zoom(factor, center) {
          var span = Math.max(10, Math.min(Math.max(N, 1), (v1 - v0) * factor));
          v0 = Math.max(0, center - (center - v0) / (v1 - v0) * span); v1 = v0 + span;
          if (v1 > Math.max(N, 1)) { v1 = Math.max(N, 1); v0 = Math.max(0, v1 - span); }
          drawLanes();
        }
        document.getElementById('zoom-in').onclick = function () { zoom(0.5, selected > 0 ? selected : (v0 + v1) / 2); };
        document.getElementById('zoom-out').onclick = function () { zoom(2, (v0 + v1) / 2); };
        document.getElementById('zoom-fit').onclick = function () { v0 = 0; v1 = Math.max(N, 1); drawLanes(); };
        canvas.addEventListener('wheel', function (e) {
          if (!e.ctrlKey && !e.metaKey && Math.abs(e.deltaX) <= Math.abs(e.deltaY)) return;
          e.preventDefault();
          var center = stepOf(e.offsetX, canvas.clientWidth);
          if (e.ctrlKey || e.metaKey) zoom(e.deltaY > 0 ? 1.25 : 0.8, center);
          else {
            var span = v1 - v0;
            v0 = Math.max(0, Math.min(Math.max(N, 1) - span, v0 + e.deltaX / canvas.clientWidth * span));
            v1 = v0 + span;
            drawLanes();
          }
        }, { passive: false });
        canvas.addEventListener('click', function (e) {
          if (e.offsetX < LABEL || N === 0) return;
          var step = Math.round(stepOf(e.offsetX, canvas.clientWidth));
          if (query) { search.value = ''; runSearch(); }
          select(Math.max(1, Math.min(N, step)), true);
        });

        // First screen.
        setView(null);
        var asked = /(?:^|[#&])step=(\d+)/.exec(location.hash), searched = /(?:^|[#&])q=([^&]*)/.exec(location.hash);
        select(asked ? Number(asked[1]) : (N > 0 ? 1 : 0), true);
        if (searched) { search.value = decodeURIComponent(searched[1]); runSearch(); }
        document.body.dataset.firstScreenMs = String(Math.round(performance.now()));
        document.body.dataset.ready = '1';
        })();
        """#
}
