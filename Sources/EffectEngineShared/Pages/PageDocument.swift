/// One self-contained HTML page: its style, its data as JSON and its script inline, and a
/// content security policy that lets it load nothing (no network, no other file).
///
/// A page's script finds its data with `pageData()`, reads states with the tree
/// functions of ``treeScript`` (`renderNode`, `layoutNode`, `pathText`, `applyChange`),
/// and records any error or blocked load in `document.body.dataset.errors`, which the
/// browser checks read (`Scripts/check-pages`).
///
/// ```swift
/// var data = PageJSON()
/// data.strings(["a"])
/// let html = PageDocument.html(title: "Run", style: "", data: data, script: "main(pageData());")
/// ```
package enum PageDocument {
    /// The page: a `<!doctype html>` document with `title` (escaped), the common style and
    /// `style`, `data` in a `<script type="application/json" id="page-data">` element, the
    /// tree functions and `script`.
    package static func html(title: String, style: String, body: String, data: PageJSON, script: String) -> String {
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; \
            style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(title))</title>
            <style>\(commonStyle)\(style)</style>
            </head>
            <body>
            <script>\(guardScript)</script>
            \(body)
            <script type="application/json" id="page-data">
            """
        page.reserveCapacity(page.utf8.count + data.bytes.count + script.utf8.count + treeScript.utf8.count + 64)
        page += String(decoding: data.bytes, as: UTF8.self)
        page += "</script>\n<script>\(treeScript)\n\(script)</script>\n</body>\n</html>\n"
        return page
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as HTML entities.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Records uncaught errors and loads the policy blocked, on the body and in a banner.
    static let guardScript = #"""
        (function () {
          function note(text) {
            var body = document.body;
            var list = body.dataset.errors ? JSON.parse(body.dataset.errors) : [];
            list.push(String(text));
            body.dataset.errors = JSON.stringify(list);
            var banner = document.getElementById('page-errors');
            if (!banner) {
              banner = document.createElement('div');
              banner.id = 'page-errors';
              body.insertBefore(banner, body.firstChild);
            }
            banner.textContent = 'This page hit an error: ' + list.join(' · ');
          }
          window.addEventListener('error', function (e) { note(e.message || 'error'); });
          window.addEventListener('unhandledrejection', function (e) { note(e.reason); });
          document.addEventListener('securitypolicyviolation', function (e) {
            note('blocked ' + e.violatedDirective + ' ' + e.blockedURI);
          });
        })();
        """#

    static let commonStyle = """
        :root { --ink: #1d2330; --muted: #667085; --line: #e4e7ec; --soft: #f6f7f9; --accent: #2563eb;
          --external: #2563eb; --action: #9333ea; --task: #0d9488; --bad: #dc2626; --warn: #d97706;
          --mono: ui-monospace, "SF Mono", Menlo, "DejaVu Sans Mono", Consolas, monospace; }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; }
        body { font: 13px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--ink);
          background: #fff; display: flex; flex-direction: column; }
        header.top { display: flex; align-items: center; gap: 16px; padding: 8px 14px; border-bottom: 1px solid var(--line);
          background: var(--soft); flex: none; }
        header.top h1 { font-size: 15px; margin: 0; font-weight: 600; white-space: nowrap; overflow: hidden;
          text-overflow: ellipsis; }
        header.top .facts { color: var(--muted); white-space: nowrap; }
        header.top .grow { flex: 1; }
        input[type=search] { font: inherit; padding: 4px 8px; border: 1px solid #cfd4dc; border-radius: 6px; width: 260px; }
        code, pre, .mono { font-family: var(--mono); font-size: 12px; }
        pre { margin: 0; white-space: pre-wrap; word-break: break-word; }
        .muted { color: var(--muted); }
        .badge { display: inline-block; padding: 0 6px; border-radius: 9px; font-size: 11px; line-height: 17px;
          color: #fff; white-space: nowrap; }
        .badge.external { background: var(--external); } .badge.action { background: var(--action); }
        .badge.task { background: var(--task); }
        .bad { color: var(--bad); } .warn { color: var(--warn); }
        #page-errors { background: #fee2e2; color: #7f1d1d; padding: 6px 14px; font-weight: 600; }
        h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 14px 0 6px; }
        """

    /// Escapes HTML, reads the page's data, and reads and changes state trees: the same
    /// renderings as `StateDiff.render` and the same layout as `StateLayout.text`.
    static let treeScript = #"""
        'use strict';
        function esc(text) {
          return String(text).replace(/[&<>"']/g, function (c) {
            return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
          });
        }
        function pageData() { return JSON.parse(document.getElementById('page-data').textContent); }
        var SHAPES = [];
        function useShapes(shapes) { SHAPES = shapes.map(function (s) { return { k: s[0], n: s[1], l: s[2], t: s[3] === 1 }; }); }
        var renderCache = new WeakMap();
        function isLeaf(node) { return typeof node === 'string'; }
        function shapeOf(node) { return SHAPES[node[0]]; }
        function tupleText(labels, inner) {
          return '(' + inner.map(function (r, i) {
            var l = labels[i]; return !l || l.charAt(0) === '.' ? r : l + ': ' + r;
          }).join(', ') + ')';
        }
        function renderNode(node) {
          if (isLeaf(node)) return node;
          var cached = renderCache.get(node);
          if (cached !== undefined) return cached;
          var s = shapeOf(node), inner = node.slice(1).map(renderNode), text;
          switch (s.k) {
            case 'o': text = inner[0]; break;
            case 'a': text = '[' + inner.join(', ') + ']'; break;
            case 'z': text = 'Set([' + inner.join(', ') + '])'; break;
            case 'd':
              var pairs = [];
              for (var i = 0; i + 1 < inner.length; i += 2) pairs.push(inner[i] + ': ' + inner[i + 1]);
              pairs.sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
              text = pairs.length ? '[' + pairs.join(', ') + ']' : '[:]'; break;
            case 'e': text = s.t ? '.' + s.n + tupleText(s.l, inner) : '.' + s.n + '(' + inner[0] + ')'; break;
            case 't': text = tupleText(s.l, inner); break;
            case 's': text = s.n + '(' + inner.map(function (r, i) { return s.l[i] ? s.l[i] + ': ' + r : r; }).join(', ') + ')'; break;
            case 'c': text = inner[inner.length - 1]; break;
            default: text = '?';
          }
          renderCache.set(node, text);
          return text;
        }
        var segmenter = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter() : null;
        function characters(text) {
          var points = Array.from(text).length;
          if (points <= 60 || !segmenter) return points;
          var n = 0; for (var _ of segmenter.segment(text)) n++; return n;
        }
        function inlineText(node) {
          if (!isLeaf(node) && shapeOf(node).k === 'c') return node[1];
          return renderNode(node);
        }
        function headerText(node) {
          if (isLeaf(node)) return '';
          var s = shapeOf(node);
          if (s.k === 'o') return headerText(node[1]);
          if (s.k === 'e') return '.' + s.n;
          return '';
        }
        function members(node) {
          if (isLeaf(node)) return [];
          var s = shapeOf(node), kids = node.slice(1), i;
          switch (s.k) {
            case 'o': return members(node[1]);
            case 's': return kids.map(function (k, i) { var l = s.l[i]; return [l ? (l.charAt(0) === '_' ? l.slice(1) : l) : String(i), k]; });
            case 't': return kids.map(function (k, i) { var l = s.l[i]; return [l && l.charAt(0) !== '.' ? l : String(i), k]; });
            case 'a': case 'z': return kids.map(function (k) { return ['-', k]; });
            case 'd': var out = []; for (i = 0; i + 1 < kids.length; i += 2) out.push([kids[i], kids[i + 1]]); return out;
            case 'e':
              if (!s.t) return [[s.n, kids[0]]];
              return kids.map(function (k, i) { var l = s.l[i]; return [l && l.charAt(0) !== '.' ? l : String(i), k]; });
            default: return [];
          }
        }
        function layoutLines(label, node, depth) {
          var one = inlineText(node), nested = members(node);
          var lead = label === '-' ? '- ' : label + ': ';
          if (!nested.length || characters(one) <= 60 || depth >= 24) return [lead + one];
          var body = [];
          nested.forEach(function (m) { body.push.apply(body, layoutLines(m[0], m[1], depth + 1)); });
          var head = headerText(node);
          if (nested.length === 1 && head === '.' + nested[0][0]) head = '';
          if (label === '-' && !head) return body.map(function (line, i) { return (i === 0 ? '- ' : '  ') + line; });
          var title = label === '-' ? '- ' + head : label + ':' + (head ? ' ' + head : '');
          return [title].concat(body.map(function (line) { return '  ' + line; }));
        }
        function layoutNode(node) {
          var fields = members(node);
          if (!fields.length) return inlineText(node);
          var lines = [];
          fields.forEach(function (m) { lines.push.apply(lines, layoutLines(m[0], m[1], 0)); });
          return lines.join('\n');
        }
        function pathText(root, path) {
          var text = '', node = root;
          for (var p = 0; p < path.length; p++) {
            var i = path[p];
            if (isLeaf(node)) break;
            var s = shapeOf(node);
            switch (s.k) {
              case 'o': break;
              case 's': var l = s.l[i] || String(i); text += '.' + (l.charAt(0) === '.' ? l.slice(1) : l); break;
              case 't': text += '.' + ((s.l[i] || '.' + i).replace(/^\./, '')); break;
              case 'e': text += '(.' + s.n + ')' + (s.t ? '.' + ((s.l[i] || '.' + i).replace(/^\./, '')) : ''); break;
              case 'a': case 'z': text += '[' + i + ']'; break;
              case 'd': text += '[' + (i % 2 === 0 ? 'key ' + renderNode(node[i + 1]) : renderNode(node[i])) + ']'; break;
              default: break;
            }
            node = node[i + 1];
          }
          return text;
        }
        function nodeAt(root, path) {
          var node = root;
          for (var p = 0; p < path.length; p++) { if (isLeaf(node)) return undefined; node = node[path[p] + 1]; }
          return node;
        }
        function applyChange(root, change) {
          var path = change[0];
          function rebuild(node, depth) {
            if (depth === path.length) {
              if (change.length === 2) return change[1];
              var copy = node.slice();
              Array.prototype.splice.apply(copy, [change[1] + 1, change[2]].concat(change[3]));
              return copy;
            }
            var copy = node.slice(), at = path[depth] + 1;
            copy[at] = rebuild(node[at], depth + 1);
            return copy;
          }
          return rebuild(root, 0);
        }
        """#
}
