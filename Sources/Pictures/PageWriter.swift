import LayoutEngine

/// What the page shows beside the picture, in words the shell has already rendered from the
/// diagnostics' structured results.
public struct PageDetails: Sendable {
    public struct ViewDetail: Sendable {
        public var frame: String
        /// `(name, text, state)` of each constraint touching the view.
        public var constraints: [(name: String, text: String, state: String)]
        /// The `explain` chain, a line each.
        public var explanation: [String]
        public init(frame: String, constraints: [(name: String, text: String, state: String)], explanation: [String]) {
            self.frame = frame
            self.constraints = constraints
            self.explanation = explanation
        }
    }

    /// A conflict, a violation or an ambiguous view: its text, and the views and constraints it
    /// names (lit up in the picture on hover).
    public struct Report: Sendable {
        public var kind: String
        public var text: String
        public var views: [String]
        public var constraints: [String]
        public init(kind: String, text: String, views: [String], constraints: [String]) {
            self.kind = kind
            self.text = text
            self.views = views
            self.constraints = constraints
        }
    }

    public var title: String
    public var views: [String: ViewDetail]
    public var reports: [Report]
    /// A watched page's stamp and the stamp file beside it (`page.html.stamp.js`).
    public struct Watch: Sendable {
        public var stamp: Int
        public var file: String
        public init(stamp: Int, file: String) {
            self.stamp = stamp
            self.file = file
        }
    }

    /// `watch`: the page looks at its stamp file every second and reloads when that holds
    /// another stamp than its own, so that it reloads only when it was rewritten; nil for a
    /// page that does not reload.
    public var watch: Watch?

    public init(title: String, views: [String: ViewDetail], reports: [Report], watch: Watch?) {
        self.title = title
        self.views = views
        self.reports = reports
        self.watch = watch
    }

    /// The stamp file's text for a stamp.
    public static func stampScript(_ stamp: Int) -> String { "window.strutStamp = \(stamp);\n" }
}

/// `export FILE.html` and `watch`: one self-contained page (no network, no external scripts or
/// fonts): the SVG, the view tree beside it, a view's details on a click, the reports below.
public enum PageWriter {
    public static func render(_ picture: Picture, _ details: PageDetails) -> String {
        String(decoding: document(picture, details), as: UTF8.self)
    }

    /// The page as UTF-8, for a file.
    public static func document(_ picture: Picture, _ details: PageDetails) -> [UInt8] { markup(picture, details).bytes }

    /// The page, in its own buffer.
    public static func markup(_ picture: Picture, _ details: PageDetails) -> Markup {
        var out = Markup(capacity: 500 * (picture.boxes.count + picture.lines.count) + 20_000)
        out.add("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        out.add("<title>")
        out.add(escaped: details.title)
        out.add("</title>\n<style>\n")
        out.add(style)
        out.add("</style>\n</head>\n<body")
        if let watch = details.watch {
            out.add(" data-stamp=\"\(watch.stamp)\" data-stamp-file=\"")
            out.add(escaped: watch.file)
            out.add("\"")
        }
        out.add(">\n<header><h1>")
        out.add(escaped: details.title)
        out.add("</h1>")
        if picture.isPending { out.add("<p class=\"note\">layout pending: frames are from the last layout pass</p>") }
        out.add("</header>\n<main>\n<nav id=\"tree\"><h2>Views</h2>\n")
        tree(picture, into: &out)
        out.add("</nav>\n<section id=\"picture\">\n<div class=\"zoom\"><button data-zoom=\"out\" title=\"Zoom out\">−</button>")
        out.add("<button data-zoom=\"fit\" title=\"Fit the pane\">Fit</button><button data-zoom=\"one\" title=\"1 pt = 1 px\">1:1</button>")
        out.add("<button data-zoom=\"in\" title=\"Zoom in\">+</button> <span id=\"scale\"></span></div>\n<div id=\"canvas\">\n")
        SVGPicture.render(picture, into: &out)
        out.add("</div>\n</section>\n")
        out.add("<aside id=\"details\"><h2>Details</h2><p class=\"hint\">Click a view in the picture or the tree.</p></aside>\n</main>\n")
        out.add("<section id=\"reports\"><h2>Diagnosis</h2>\n")
        if details.reports.isEmpty { out.add("<p>No conflicts, violations or ambiguous views.</p>\n") }
        for (k, report) in details.reports.enumerated() {
            out.add("<pre class=\"report \(report.kind)\" id=\"report-\(k)\" data-views=\"")
            out.add(escaped: report.views.joined(separator: " "))
            out.add("\" data-constraints=\"")
            out.add(escaped: report.constraints.joined(separator: " "))
            out.add("\">")
            out.add(escaped: report.text)
            out.add("</pre>\n")
        }
        out.add("</section>\n<script type=\"application/json\" id=\"data\">")
        json(details, into: &out)
        out.add("</script>\n<script>\n")
        out.add(script)
        out.add("</script>\n</body>\n</html>\n")
        return out
    }

    /// The view tree as nested lists, from the boxes' depths (no recursion).
    static func tree(_ picture: Picture, into out: inout Markup) {
        var depth = -1
        for box in picture.boxes {
            if box.depth > depth {
                for _ in depth..<box.depth { out.add("<ul>") }
            } else {
                out.add("</li>")
                for _ in box.depth..<depth { out.add("</ul></li>") }
            }
            depth = box.depth
            out.add("<li><a href=\"#")
            out.add(escaped: box.name)
            out.add("\" class=\"node")
            for mark in box.marks {
                out.add(" ")
                out.add(mark.rawValue)
            }
            out.add("\" data-name=\"")
            out.add(escaped: box.name)
            out.add("\">")
            out.add(escaped: box.name)
            out.add("</a> <span class=\"kind\">")
            out.add(box.kind.rawValue)
            out.add("</span>")
        }
        if depth >= 0 {
            out.add("</li>")
            for _ in 0..<depth { out.add("</ul></li>") }
            out.add("</ul>")
        }
        if let (count, level) = picture.leftOut { out.add("<p class=\"note\">left out \(counted(count, "view")) below depth \(level - 1)</p>") }
        out.add("\n")
    }

    static func json(_ details: PageDetails, into out: inout Markup) {
        // Inside `<script>`: `<`, `>`, `&` and the line separators escaped too.
        func string(_ text: String) { out.add(json: text, forScript: true) }
        out.add("{\"views\":{")
        for (k, name) in details.views.keys.sorted().enumerated() {
            let view = details.views[name]!
            if k > 0 { out.add(",") }
            string(name)
            out.add(":{\"frame\":")
            string(view.frame)
            out.add(",\"constraints\":[")
            for (n, constraint) in view.constraints.enumerated() {
                out.add(n > 0 ? ",[" : "[")
                string(constraint.name)
                out.add(",")
                string(constraint.text)
                out.add(",")
                string(constraint.state)
                out.add("]")
            }
            out.add("],\"explain\":[")
            for (n, line) in view.explanation.enumerated() {
                if n > 0 { out.add(",") }
                string(line)
            }
            out.add("]}")
        }
        out.add("}}")
    }

    static let style = """
    body { font-family: Helvetica, Arial, sans-serif; margin: 0; color: #26323f; background: #f4f6f8; }
    header { padding: 8px 16px; background: #26323f; color: #fff; }
    header h1 { font-size: 16px; margin: 0; }
    .note { color: #b36b00; margin: 4px 0 0; font-size: 12px; }
    main { display: flex; align-items: flex-start; gap: 12px; padding: 12px; }
    nav, aside { background: #fff; border: 1px solid #d5dbe1; border-radius: 6px; padding: 8px; font-size: 13px; }
    nav { flex: 0 0 190px; max-height: 80vh; overflow: auto; }
    aside { flex: 0 0 340px; max-height: 80vh; overflow: auto; overflow-wrap: anywhere; }
    aside pre { white-space: pre-wrap; font-size: 11px; }
    h2 { font-size: 13px; margin: 0 0 6px; text-transform: uppercase; color: #5a6b7d; }
    nav ul { list-style: none; padding-left: 14px; margin: 0; }
    nav a { color: #1e4f8f; text-decoration: none; }
    nav a.selected { background: #e3d6fd; }
    nav a.conflict { color: #d0021b; font-weight: bold; }
    nav a.violated { color: #c2185b; }
    nav a.ambiguous { color: #b36b00; }
    nav a.hidden { color: #8a96a3; font-style: italic; }
    nav a.truncated { text-decoration: underline dashed #d0021b; }
    nav a.outside { text-decoration: underline dotted #b36b00; }
    .kind { color: #8a96a3; font-size: 11px; }
    #picture { flex: 1 1 auto; min-width: 0; background: #fff; border: 1px solid #d5dbe1; border-radius: 6px; }
    #canvas { overflow: auto; max-height: calc(80vh - 32px); }
    #canvas svg { display: block; }
    .zoom { padding: 4px; border-bottom: 1px solid #eef1f4; font-size: 12px; color: #5a6b7d; }
    .zoom button { font-size: 12px; min-width: 28px; }
    #picture .view { cursor: pointer; }
    #reports { padding: 0 12px 12px; }
    pre.report { background: #fff; border: 1px solid #d5dbe1; border-left: 4px solid #d0021b; padding: 8px; font-size: 12px; white-space: pre-wrap; }
    pre.report.violation { border-left-color: #c2185b; }
    pre.report.ambiguous { border-left-color: #f5a623; }
    pre.report.fix { border-left-color: #1e6bd6; margin-left: 24px; }
    pre.report.warning { border-left-color: #8a96a3; }
    pre.report:hover { background: #f7f1ff; }
    table { border-collapse: collapse; width: 100%; }
    td { border-top: 1px solid #eef1f4; padding: 2px 4px; vertical-align: top; font-family: Menlo, monospace; font-size: 11px; }
    td.broken, td.violated { color: #d0021b; }
    td.inactive { color: #8a96a3; }

    """

    static let script = """
    (function () {
      var data = JSON.parse(document.getElementById('data').textContent);
      function cssName(name) { return name.replace(/["\\\\]/g, '\\\\$&'); }
      function views(name) { return document.querySelectorAll('[data-name="' + cssName(name) + '"]'); }
      function text(tag, content, cls) {
        var e = document.createElement(tag);
        e.textContent = content;
        if (cls) { e.className = cls; }
        return e;
      }
      function select(name) {
        document.querySelectorAll('.selected, .highlight.selection').forEach(function (e) {
          e.classList.remove('selected'); e.classList.remove('highlight'); e.classList.remove('selection');
        });
        var panel = document.getElementById('details');
        panel.innerHTML = '';
        panel.appendChild(text('h2', 'Details'));
        var detail = data.views[name];
        if (!detail) { panel.appendChild(text('p', 'No view named ' + name)); return; }
        views(name).forEach(function (e) {
          if (e.tagName === 'A') { e.classList.add('selected'); } else { e.classList.add('highlight'); e.classList.add('selection'); }
        });
        panel.appendChild(text('h3', name));
        panel.appendChild(text('p', 'frame ' + detail.frame));
        panel.appendChild(text('h2', 'Constraints'));
        var table = document.createElement('table');
        detail.constraints.forEach(function (c) {
          var row = document.createElement('tr');
          row.appendChild(text('td', c[0]));
          row.appendChild(text('td', c[1]));
          row.appendChild(text('td', c[2], c[2]));
          table.appendChild(row);
        });
        panel.appendChild(table);
        panel.appendChild(text('h2', 'Why it is where it is'));
        panel.appendChild(text('pre', detail.explain.join('\\n')));
        if (location.hash !== '#' + encodeURIComponent(name)) { history.replaceState(null, '', '#' + encodeURIComponent(name)); }
      }
      document.querySelectorAll('#picture .view').forEach(function (g) {
        g.addEventListener('click', function (event) { event.stopPropagation(); select(g.getAttribute('data-name')); });
      });
      document.querySelectorAll('nav a.node').forEach(function (a) {
        a.addEventListener('click', function (event) { event.preventDefault(); select(a.getAttribute('data-name')); });
      });
      document.querySelectorAll('pre.report').forEach(function (report) {
        var names = (report.getAttribute('data-views') || '').split(' ').filter(Boolean);
        var constraints = (report.getAttribute('data-constraints') || '').split(' ').filter(Boolean);
        function light(on) {
          names.forEach(function (n) {
            views(n).forEach(function (e) { if (e.tagName !== 'A') { e.classList.toggle('highlight', on); } });
          });
          constraints.forEach(function (n) {
            var e = document.getElementById('constraint-' + n);
            if (e) { e.classList.toggle('highlight', on); }
          });
        }
        report.addEventListener('mouseenter', function () { light(true); });
        report.addEventListener('mouseleave', function () { light(false); });
      });
      // Zoom: the picture fits its pane at first; −, +, 1:1 and Fit change the scale.
      var svg = document.querySelector('#canvas svg');
      var canvas = document.getElementById('canvas');
      var natural = { width: parseFloat(svg.getAttribute('width')), height: parseFloat(svg.getAttribute('height')) };
      var scale = 1;
      function zoom(to) {
        scale = Math.max(0.05, Math.min(to, 16));
        svg.setAttribute('width', (natural.width * scale).toFixed(1));
        svg.setAttribute('height', (natural.height * scale).toFixed(1));
        document.getElementById('scale').textContent = Math.round(scale * 100) + '%';
      }
      function fit() {
        var room = { width: canvas.clientWidth - 4, height: Math.max(canvas.clientHeight, window.innerHeight * 0.8 - 40) - 4 };
        zoom(Math.min(room.width / natural.width, room.height / natural.height));
      }
      document.querySelectorAll('.zoom button').forEach(function (b) {
        b.addEventListener('click', function () {
          var kind = b.getAttribute('data-zoom');
          if (kind === 'fit') { fit(); } else if (kind === 'one') { zoom(1); } else { zoom(scale * (kind === 'in' ? 1.25 : 0.8)); }
        });
      });
      fit();
      // Watched: reload when the stamp file beside the page holds another stamp.
      var stamp = document.body.getAttribute('data-stamp');
      if (stamp !== null) {
        setInterval(function () {
          var probe = document.createElement('script');
          probe.src = document.body.getAttribute('data-stamp-file') + '?' + Date.now();
          probe.onload = function () {
            probe.remove();
            if (window.strutStamp !== undefined && String(window.strutStamp) !== stamp) { location.reload(); }
          };
          probe.onerror = function () { probe.remove(); };
          document.head.appendChild(probe);
        }, 1000);
      }
      if (location.hash.length > 1) { select(decodeURIComponent(location.hash.slice(1))); }
      document.body.setAttribute('data-ready', 'yes');
    })();

    """
}
