/// The journal page's markup and style, which its script (``JournalPageScript/script``)
/// fills and reads: the timeline, the list of events, the step's panel.
extension JournalPageScript {
    static let body = """
        <header class="top">
          <h1 id="title"></h1><span class="facts" id="facts"></span><span class="grow"></span>
          <input type="search" id="search" placeholder="Search events, effects, tasks — #12 goes to step 12" \
        aria-label="Search">
          <span id="matches" class="muted"></span>
        </header>
        <div id="difference" hidden></div>
        <section id="timeline">
          <div class="bar-row"><span class="legend"><i class="k1"></i>ended <i class="k2"></i>replaced \
        <i class="k3"></i>cancelled <i class="k4"></i>failed <i class="k0"></i>running at the end \
        <i class="inf"></i>no start recorded</span><span class="grow"></span>
          <button id="zoom-out" title="Zoom out">−</button><button id="zoom-in" title="Zoom in">+</button>\
        <button id="zoom-fit" title="Show the whole run">Whole run</button></div>
          <div id="lanes-view"><canvas id="lanes"></canvas><div id="lanes-spacer"></div></div>
        </section>
        <div id="split">
          <section id="list-pane">
            <div class="row head"><span class="step">step</span><span class="cause">cause</span>\
        <span class="event">event</span><span class="effect">effect</span><span class="marks">tasks</span></div>
            <div id="list" tabindex="0"><div id="rows"></div></div>
          </section>
          <section id="detail">
            <div id="step-head"></div>
            <h2>What changed</h2><div id="diff"></div>
            <h2>Tasks</h2><div id="step-tasks"></div>
            <h2 id="state-title">State</h2><pre id="state"></pre>
          </section>
        </div>
        """

    static let style = """
        #difference { background: #fef3c7; color: #78350f; padding: 6px 14px; border-bottom: 1px solid #fcd34d; }
        #timeline { flex: none; border-bottom: 1px solid var(--line); }
        .bar-row { display: flex; align-items: center; gap: 6px; padding: 4px 14px; color: var(--muted); }
        .bar-row .grow { flex: 1; }
        .bar-row button { font: inherit; border: 1px solid #cfd4dc; background: #fff; border-radius: 5px; padding: 0 8px;
          cursor: pointer; }
        .legend i { display: inline-block; width: 14px; height: 8px; border-radius: 2px; margin: 0 3px 0 10px;
          vertical-align: middle; }
        .legend i.k1 { background: #0d9488; } .legend i.k2 { background: #d97706; } .legend i.k3 { background: #94a3b8; }
        .legend i.k4 { background: #dc2626; } .legend i.k0 { background: linear-gradient(90deg, #0d9488, #99f6e4); }
        .legend i.inf { border: 1px dashed #0d9488; }
        #lanes-view { position: relative; overflow-y: auto; overflow-x: hidden; }
        #lanes { position: sticky; top: 0; display: block; cursor: crosshair; }
        #split { flex: 1; display: flex; min-height: 0; }
        #list-pane { flex: 1.3; display: flex; flex-direction: column; min-width: 0; border-right: 1px solid var(--line); }
        #list { flex: 1; overflow-y: auto; position: relative; outline: none; }
        #rows { position: relative; }
        .row { display: flex; align-items: center; height: 22px; padding: 0 8px; gap: 8px; white-space: nowrap;
          border-left: 3px solid transparent; }
        .row.head { color: var(--muted); font-size: 11px; text-transform: uppercase; letter-spacing: .04em;
          border-bottom: 1px solid var(--line); flex: none; }
        #rows .row { position: absolute; left: 0; right: 0; cursor: pointer; }
        #rows .row:hover { background: var(--soft); }
        #rows .row.selected { background: #dbeafe; }
        #rows .row.differs { border-left-color: var(--bad); }
        .row .step { width: 62px; text-align: right; font-family: var(--mono); font-size: 12px; color: var(--muted);
          flex: none; }
        .row .cause { width: 150px; flex: none; overflow: hidden; text-overflow: ellipsis; }
        .row .event { flex: 1.2; min-width: 0; overflow: hidden; text-overflow: ellipsis; font-family: var(--mono);
          font-size: 12px; }
        .row .effect { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; font-family: var(--mono);
          font-size: 12px; color: var(--muted); }
        .row .marks { width: 110px; flex: none; overflow: hidden; text-overflow: ellipsis; font-size: 11px; color: var(--muted); }
        mark { background: #fde68a; color: inherit; border-radius: 2px; }
        #detail { flex: 1; overflow: auto; padding: 10px 16px 24px; min-width: 0; }
        #step-head .title { font-size: 15px; font-weight: 600; }
        #step-head .line { margin-top: 4px; font-family: var(--mono); font-size: 12px; word-break: break-word; }
        .change { font-family: var(--mono); font-size: 12px; margin: 2px 0 8px; }
        .change .path { font-weight: 600; }
        .change .old { color: #b42318; white-space: pre-wrap; word-break: break-word; }
        .change .new { color: #067647; white-space: pre-wrap; word-break: break-word; }
        #state { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; }
        .task-line { font-family: var(--mono); font-size: 12px; }
        .empty { color: var(--muted); padding: 12px; }
        """
}
