/// The exploration page's markup, style and script (``ExplorationPage``), all written for
/// this page.
///
/// The graph is drawn in SVG, one row of states per depth, each row ordered by the mean
/// position of the states that lead to it (two sweeps, down then up), so that
/// transitions cross less. Transitions between the same two states are bent apart; a
/// transition back to its own state is a loop. What the browser checks read: one
/// `g.node` per state and one `path.edge` per transition in `#graph`, and
/// `#graph[data-states][data-transitions]`; in summary mode, `#layers[data-states]`.
enum ExplorationPageScript {
    static let body = """
        <header class="top">
          <h1 id="title"></h1><span class="facts" id="facts"></span><span class="grow"></span>
          <label class="muted"><input type="checkbox" id="show-traces" checked> highlight the failures' traces</label>
          <button id="fit">Fit</button>
        </header>
        <div id="split">
          <section id="canvas-pane"><svg id="graph"></svg>
            <div id="summary" hidden></div><pre id="tip" hidden></pre></section>
          <aside id="side">
            <div id="selection"><p class="muted">Hover over a state to see its fields; click it to keep them here.</p></div>
            <h2>Failures</h2><div id="failures"></div>
            <h2 id="layers-title">States by depth</h2><div id="layers"></div>
            <h2>Report</h2><pre id="report"></pre>
          </aside>
        </div>
        """

    static let style = """
        header.top button { font: inherit; border: 1px solid #cfd4dc; background: #fff; border-radius: 5px; padding: 1px 10px;
          cursor: pointer; }
        #split { flex: 1; display: flex; min-height: 0; }
        #canvas-pane { flex: 1; position: relative; min-width: 0; overflow: hidden; background: #fcfcfd; }
        #graph { width: 100%; height: 100%; display: block; cursor: grab; user-select: none; }
        #graph.dragging { cursor: grabbing; }
        #side { width: 420px; flex: none; overflow: auto; border-left: 1px solid var(--line); padding: 10px 16px 24px; }
        .node rect { fill: #fff; stroke: #98a2b3; stroke-width: 1; rx: 6; }
        .node circle { fill: #98a2b3; }
        .node text { font: 11px system-ui, sans-serif; fill: #1d2330; pointer-events: none; }
        .node { cursor: pointer; }
        .node.initial rect { stroke: #1d2330; stroke-width: 2.5; } .node.initial circle { fill: #1d2330; }
        .node.failing rect { stroke: var(--bad); stroke-width: 2; fill: #fef2f2; } .node.failing circle { fill: var(--bad); }
        .node.on-trace rect { stroke: var(--bad); stroke-width: 2.5; }
        .node.selected rect { fill: #dbeafe; stroke: var(--accent); stroke-width: 2.5; } .node.selected circle { fill: var(--accent); }
        .edge { fill: none; stroke: #c4cad4; stroke-width: 1; marker-end: url(#arrow); }
        .edge.task { stroke-dasharray: 4 3; }
        .edge.trace { stroke: var(--bad); stroke-width: 2.5; marker-end: url(#arrow-bad); }
        .edge.near { stroke: var(--accent); stroke-width: 2; marker-end: url(#arrow-near); }
        .hide-traces .edge.trace { stroke: #c4cad4; stroke-width: 1; marker-end: url(#arrow); }
        .hide-traces .node.on-trace rect { stroke: #98a2b3; stroke-width: 1; }
        #tip { position: absolute; pointer-events: none; background: #1d2330; color: #f8fafc; padding: 8px 10px;
          border-radius: 6px; max-width: 460px; box-shadow: 0 4px 14px rgba(0,0,0,.2); z-index: 2; }
        .failure { border: 1px solid #fecaca; background: #fff7f7; border-radius: 6px; padding: 6px 8px; margin-bottom: 8px;
          cursor: pointer; }
        .failure.active { border-color: var(--bad); box-shadow: 0 0 0 1px var(--bad); }
        .failure .steps { font-family: var(--mono); font-size: 12px; margin-top: 4px; }
        .layer { display: flex; align-items: center; gap: 8px; font-size: 12px; margin: 2px 0; }
        .layer .depth { width: 130px; color: var(--muted); white-space: nowrap; } .layer .count { width: 90px; text-align: right; font-family: var(--mono); }
        .layer .bar { height: 10px; background: #94a3b8; border-radius: 2px; }
        .layer .bar .fail { height: 10px; background: var(--bad); border-radius: 2px; }
        #summary { position: absolute; inset: 0; overflow: auto; padding: 16px 20px; background: #fff; }
        .chain { display: flex; flex-wrap: wrap; align-items: center; gap: 4px; margin: 8px 0 18px; }
        .chain .trace-state { border: 1px solid #98a2b3; border-radius: 6px; padding: 2px 8px; background: #fff; cursor: pointer;
          font-size: 12px; max-width: 260px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .chain .trace-state.last { border-color: var(--bad); background: #fef2f2; }
        .chain .step { font-family: var(--mono); font-size: 11px; color: var(--muted); }
        #report { font-size: 11px; color: #344054; }
        .link { color: var(--accent); cursor: pointer; }
        .transition { font-family: var(--mono); font-size: 12px; }
        """

    static let script = #"""
        (function () {
        var D = pageData();
        useShapes(D.shapes);
        var S = D.strings, NS = 'http://www.w3.org/2000/svg';
        document.getElementById('title').textContent = D.title;
        document.getElementById('facts').textContent = D.states.toLocaleString('en-US') + ' states · ' +
          D.transitions.toLocaleString('en-US') + ' transitions · ' + D.failures.length + (D.failures.length === 1 ? ' failure' : ' failures') +
          (D.mode === 'graph' && D.edges.length !== D.transitions ? ' · ' + D.edges.length.toLocaleString('en-US') +
            ' transitions drawn, with those out of the deepest states' : '');
        document.getElementById('report').textContent = D.report;
        function firstLine(text, most) { var line = text.split('\n')[0]; most = most || 30; return line.length > most ? line.slice(0, most - 1) + '…' : line; }
        function stepText(step) { return S[step[0]] + (step[1] >= 0 ? '   (from task "' + S[step[1]] + '")' : ''); }

        // States by depth; past 48 depths, depths grouped in 48 runs.
        var layersBox = document.getElementById('layers'), widest = 1, rowsOfLayers = [];
        var per = Math.max(1, Math.ceil(D.layers.length / 48));
        for (var d = 0; d < D.layers.length; d += per) {
          var sum = [0, 0, 0], last = Math.min(D.layers.length, d + per) - 1;
          for (var e = d; e <= last; e++) for (var q = 0; q < 3; q++) sum[q] += D.layers[e][q];
          rowsOfLayers.push({ label: d === last ? 'depth ' + d : 'depths ' + d + '–' + last, counts: sum });
          widest = Math.max(widest, sum[0]);
        }
        function layersHTML(most) {
          return rowsOfLayers.length ? rowsOfLayers.map(function (row) {
            var l = row.counts;
            return '<div class="layer"><span class="depth">' + row.label + '</span><span class="count">' + l[0].toLocaleString('en-US') +
              '</span><span class="bar" style="width:' + Math.max(2, most * l[0] / widest) + 'px"><div class="fail" style="width:' +
              (l[0] ? 100 * l[1] / l[0] : 0) + '%"></div></span>' + (l[1] ? '<span class="bad">' + l[1].toLocaleString('en-US') + ' failing</span>' : '') + '</div>';
          }).join('') : '<p class="muted">No graph was recorded: explore with graph: true (or --html) to see the states.</p>';
        }
        layersBox.dataset.states = String(D.layers.reduce(function (n, l) { return n + l[0]; }, 0));
        layersBox.innerHTML = layersHTML(160);

        // The chosen state, in the side panel and as a tip under the pointer.
        var selection = document.getElementById('selection'), tip = document.getElementById('tip');
        function stateHTML(title, state, extra) {
          return '<div><b>' + esc(title) + '</b></div>' + extra + '<h2>Fields</h2><pre class="fields">' + esc(layoutNode(state)) + '</pre>';
        }

        // Failures.
        var failuresBox = document.getElementById('failures'), active = -1;
        failuresBox.innerHTML = D.failures.length ? D.failures.map(function (f, i) {
          return '<div class="failure" data-index="' + i + '"><div class="bad">✗ ' + esc(S[f[0]]) + '</div><div class="muted">' + esc(S[f[1]]) +
            (f[4].length ? ', ' + f[4].length + (f[4].length === 1 ? ' event' : ' events') + ' from the start' : '') + '</div>' +
            '<div class="steps">' + f[4].map(function (s, n) { return esc((n + 1) + '. ' + stepText(s)); }).join('<br>') + '</div></div>';
        }).join('') : '<p class="muted">None: every property holds.</p>';

        if (D.mode === 'summary') { summary(); } else { graph(); }

        function summary() {
          document.getElementById('graph').style.display = 'none';
          document.getElementById('fit').hidden = true;
          var box = document.getElementById('summary');
          box.hidden = false;
          document.getElementById('layers-title').hidden = true;
          layersBox.hidden = true;
          var html = '<h2>Too many states to draw: ' + D.states.toLocaleString('en-US') + ' states by depth</h2>' + layersHTML(480) +
            '<h2>The failures\' shortest traces</h2>' + (D.failures.length ? '' : '<p class="muted">None: every property holds.</p>');
          D.failures.forEach(function (f, i) {
            html += '<div class="bad">✗ ' + esc(S[f[0]]) + '</div><div class="chain" data-failure="' + i + '">';
            f[3].forEach(function (state, n) {
              if (n > 0) html += '<span class="step">→ ' + esc(stepText(f[4][n - 1])) + ' →</span>';
              html += '<span class="trace-state' + (n === f[3].length - 1 ? ' last' : '') + '" data-failure="' + i + '" data-at="' + n + '">' + esc(firstLine(inlineText(state))) + '</span>';
            });
            html += '</div>';
          });
          box.innerHTML = html;
          box.addEventListener('click', function (e) {
            var at = e.target.closest('.trace-state');
            if (!at) return;
            var f = D.failures[Number(at.dataset.failure)], n = Number(at.dataset.at);
            selection.innerHTML = stateHTML(n === 0 ? 'The initial state' : 'After ' + n + (n === 1 ? ' event' : ' events'), f[3][n], '<div class="muted">on the trace of ' + esc(S[f[0]]) + '</div>');
          });
          document.body.dataset.firstScreenMs = String(Math.round(performance.now()));
          document.body.dataset.ready = '1';
        }

        function graph() {
          var svg = document.getElementById('graph'), N = D.nodes.length;
          var boxes = N <= 120, W = boxes ? 124 : 14, H = boxes ? 28 : 14, GAPX = boxes ? 16 : 10;
          // Layers, ordered by the mean position of their neighbours in the layer before (then after).
          var layers = [], out = [], into = [];
          for (var i = 0; i < N; i++) { out.push([]); into.push([]); }
          D.nodes.forEach(function (n, i) { (layers[n[0]] = layers[n[0]] || []).push(i); });
          D.edges.forEach(function (e, i) { out[e[0]].push(i); into[e[1]].push(i); });
          var order = new Float64Array(N);
          layers.forEach(function (l) { l.forEach(function (n, k) { order[n] = k; }); });
          function sweep(from, to, step, neighbours, end) {
            for (var d = from; d !== to; d += step) {
              var l = layers[d];
              if (!l) continue;
              var mean = new Map();
              l.forEach(function (n) {
                var sum = 0, count = 0;
                neighbours[n].forEach(function (e) { var m = end(D.edges[e]); if (D.nodes[m][0] === d - step) { sum += order[m]; count++; } });
                mean.set(n, count ? sum / count : order[n]);
              });
              l.sort(function (a, b) { return mean.get(a) - mean.get(b) || a - b; });
              l.forEach(function (n, k) { order[n] = k; });
            }
          }
          sweep(1, layers.length, 1, into, function (e) { return e[0]; });
          sweep(layers.length - 2, -1, -1, out, function (e) { return e[1]; });
          var widestLayer = 1;
          layers.forEach(function (l) { if (l) widestLayer = Math.max(widestLayer, l.length); });
          // Rows spread to the pane's shape, so that a wide graph is not drawn as a thin strip.
          var width = widestLayer * (W + GAPX), pos = [], pane = svg.getBoundingClientRect();
          var GAPY = Math.max(boxes ? 70 : 40, Math.min(240, width * (pane.height || 600) / (pane.width || 900) / Math.max(1, layers.length)));
          layers.forEach(function (l, d) {
            if (!l) return;
            var offset = (width - l.length * (W + GAPX)) / 2;
            l.forEach(function (n, k) { pos[n] = { x: offset + k * (W + GAPX) + W / 2, y: 40 + d * GAPY }; });
          });
          var height = 40 + layers.length * GAPY;
          svg.innerHTML = '<defs>' + ['arrow:#c4cad4', 'arrow-bad:#dc2626', 'arrow-near:#2563eb'].map(function (m) {
            var p = m.split(':');
            return '<marker id="' + p[0] + '" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="' + p[1] + '"/></marker>';
          }).join('') + '</defs><g id="viewport"><g id="edges"></g><g id="nodes"></g></g>';
          var edgesLayer = document.getElementById('edges'), nodesLayer = document.getElementById('nodes');
          // Transitions: bent apart when several join the same two states.
          var pairs = new Map(), edgeEls = [];
          D.edges.forEach(function (e, i) {
            var key = e[0] + ' ' + e[1], n = pairs.get(key) || 0;
            pairs.set(key, n + 1);
            var a = pos[e[0]], b = pos[e[1]], d;
            if (e[0] === e[1]) {
              var r = 10 + n * 5, x = a.x + W / 2, y = a.y;
              d = 'M' + x + ',' + (y - 5) + 'C' + (x + r * 2) + ',' + (y - r * 2) + ' ' + (x + r * 2) + ',' + (y + r * 2) + ' ' + x + ',' + (y + 5);
            } else {
              var x1 = a.x, y1 = a.y + (b.y > a.y ? H / 2 : b.y < a.y ? -H / 2 : 0), x2 = b.x, y2 = b.y + (b.y > a.y ? -H / 2 : b.y < a.y ? H / 2 : 0);
              var bend = (n % 2 ? -1 : 1) * Math.ceil(n / 2) * 16 + (b.y <= a.y ? 40 : 0);
              var mx = (x1 + x2) / 2, my = (y1 + y2) / 2, dx = x2 - x1, dy = y2 - y1, len = Math.sqrt(dx * dx + dy * dy) || 1;
              d = 'M' + x1 + ',' + y1 + 'Q' + (mx - dy / len * bend) + ',' + (my + dx / len * bend) + ' ' + x2 + ',' + y2;
            }
            var path = document.createElementNS(NS, 'path');
            path.setAttribute('class', 'edge' + (e[3] >= 0 ? ' task' : ''));
            path.setAttribute('d', d);
            path.dataset.index = String(i);
            var title = document.createElementNS(NS, 'title');
            title.textContent = S[e[2]] + (e[3] >= 0 ? ' (from task "' + S[e[3]] + '")' : '');
            path.appendChild(title);
            edgesLayer.appendChild(path);
            edgeEls.push(path);
          });
          var nodeEls = D.nodes.map(function (n, i) {
            var g = document.createElementNS(NS, 'g');
            var failing = n[4].length > 0 || n[5] === 1;
            g.setAttribute('class', 'node' + (n[0] === 0 ? ' initial' : '') + (failing ? ' failing' : ''));
            g.setAttribute('transform', 'translate(' + pos[i].x + ',' + pos[i].y + ')');
            g.dataset.id = String(i);
            if (boxes) {
              g.innerHTML = '<rect x="' + (-W / 2) + '" y="' + (-H / 2) + '" width="' + W + '" height="' + H + '"></rect><text x="' +
                (-W / 2 + 8) + '" y="4">' + esc(firstLine(S[n[2]], 20)) + '</text>';
            } else {
              g.innerHTML = '<circle r="' + (W / 2 - 1) + '"></circle>';
            }
            nodesLayer.appendChild(g);
            return g;
          });
          svg.dataset.states = String(nodeEls.length);
          svg.dataset.transitions = String(edgeEls.length);

          // Failures' traces: their states and, between each two, a transition with the step's event.
          function traceOf(f) {
            var found = { nodes: [], edges: [] };
            f[2].forEach(function (n, k) {
              if (n < 0) return;
              found.nodes.push(n);
              if (k === 0 || f[2][k - 1] < 0) return;
              var from = f[2][k - 1], best = -1;
              out[from].forEach(function (e) { if (D.edges[e][1] === n && (best < 0 || D.edges[e][2] === f[4][k - 1][0])) best = e; });
              if (best >= 0) found.edges.push(best);
            });
            return found;
          }
          var traces = D.failures.map(traceOf);
          function markTraces(only) {
            nodeEls.forEach(function (g) { g.classList.remove('on-trace'); });
            edgeEls.forEach(function (p) { p.classList.remove('trace'); });
            traces.forEach(function (t, i) {
              if (only >= 0 && i !== only) return;
              t.nodes.forEach(function (n) { nodeEls[n].classList.add('on-trace'); });
              t.edges.forEach(function (e) { edgeEls[e].classList.add('trace'); });
            });
          }
          markTraces(-1);
          document.getElementById('show-traces').addEventListener('change', function (e) { svg.classList.toggle('hide-traces', !e.target.checked); });
          failuresBox.addEventListener('click', function (e) {
            var box = e.target.closest('.failure');
            if (!box) return;
            var i = Number(box.dataset.index);
            active = active === i ? -1 : i;
            failuresBox.querySelectorAll('.failure').forEach(function (b) { b.classList.toggle('active', Number(b.dataset.index) === active); });
            markTraces(active);
            var last = traces[i].nodes[traces[i].nodes.length - 1];
            if (active >= 0 && last !== undefined) choose(last);
          });

          // Hover and click.
          var chosen = -1;
          function details(i) {
            var n = D.nodes[i], extra = '<div class="muted">depth ' + n[0] + (n[0] === 0 ? ', an initial state' : '') + '</div>';
            if (n[3].length) extra += '<div>tasks pending: ' + n[3].map(function (t) { return esc(S[t]); }).join(', ') + '</div>';
            n[4].forEach(function (b) { extra += '<div class="bad">breaks: ' + esc(S[b]) + '</div>'; });
            if (n[5]) extra += '<div class="bad">a dead end: no event is enabled</div>';
            return stateHTML('State #' + i, n[1], extra);
          }
          function choose(i) {
            if (chosen >= 0) nodeEls[chosen].classList.remove('selected');
            edgeEls.forEach(function (p) { p.classList.remove('near'); });
            chosen = i;
            nodeEls[i].classList.add('selected');
            out[i].concat(into[i]).forEach(function (e) { edgeEls[e].classList.add('near'); });
            var list = function (edges, to, word) {
              return edges.map(function (e) { var x = D.edges[e]; return '<div class="transition">' + word + ' <span class="link" data-go="' + x[to] + '">#' + x[to] + '</span> ' + esc(S[x[2]]) + (x[3] >= 0 ? ' (from task "' + esc(S[x[3]]) + '")' : '') + '</div>'; }).join('');
            };
            selection.innerHTML = details(i) + '<h2>Transitions out</h2>' + (list(out[i], 1, '→') || '<div class="muted">none</div>') +
              '<h2>Transitions in</h2>' + (list(into[i], 0, '←') || '<div class="muted">none</div>');
            selection.dataset.state = String(i);
          }
          selection.addEventListener('click', function (e) { var go = e.target.closest('[data-go]'); if (go) choose(Number(go.dataset.go)); });
          nodesLayer.addEventListener('click', function (e) { var g = e.target.closest('.node'); if (g) choose(Number(g.dataset.id)); });
          nodesLayer.addEventListener('mousemove', function (e) {
            var g = e.target.closest('.node');
            if (!g) { tip.hidden = true; return; }
            var n = D.nodes[Number(g.dataset.id)], box = svg.getBoundingClientRect();
            tip.textContent = '#' + g.dataset.id + ' · depth ' + n[0] + '\n' + layoutNode(n[1]);
            tip.hidden = false;
            tip.style.left = Math.min(box.width - 300, e.clientX - box.left + 14) + 'px';
            tip.style.top = (e.clientY - box.top + 14) + 'px';
          });
          nodesLayer.addEventListener('mouseleave', function () { tip.hidden = true; });

          // Pan and zoom.
          var view = { x: 0, y: 0, w: 1, h: 1 };
          function apply() { svg.setAttribute('viewBox', view.x + ' ' + view.y + ' ' + view.w + ' ' + view.h); }
          function fit() {
            var box = svg.getBoundingClientRect(), cw = Math.max(box.width, 100), ch = Math.max(box.height, 100);
            var gw = width + 60, gh = height + 20, scale = Math.max(gw / cw, gh / ch);
            view = { x: -30 - (cw * scale - gw) / 2, y: -(ch * scale - gh) / 2, w: cw * scale, h: ch * scale };
            apply();
          }
          fit();
          document.getElementById('fit').onclick = fit;
          window.addEventListener('resize', fit);
          svg.addEventListener('wheel', function (e) {
            e.preventDefault();
            var box = svg.getBoundingClientRect(), f = e.deltaY > 0 ? 1.15 : 1 / 1.15;
            var px = view.x + (e.clientX - box.left) / box.width * view.w, py = view.y + (e.clientY - box.top) / box.height * view.h;
            view = { x: px - (px - view.x) * f, y: py - (py - view.y) * f, w: view.w * f, h: view.h * f };
            apply();
          }, { passive: false });
          var drag = null;
          svg.addEventListener('mousedown', function (e) { drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y }; svg.classList.add('dragging'); });
          window.addEventListener('mouseup', function () { drag = null; svg.classList.remove('dragging'); });
          window.addEventListener('mousemove', function (e) {
            if (!drag) return;
            var box = svg.getBoundingClientRect();
            view.x = drag.vx - (e.clientX - drag.x) / box.width * view.w;
            view.y = drag.vy - (e.clientY - drag.y) / box.height * view.h;
            apply();
          });
          var asked = /(?:^|[#&])state=(\d+)/.exec(location.hash);
          if (asked && Number(asked[1]) < N) choose(Number(asked[1]));
          document.body.dataset.firstScreenMs = String(Math.round(performance.now()));
          document.body.dataset.ready = '1';
        }
        })();
        """#
}
