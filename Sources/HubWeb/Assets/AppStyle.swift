/// The app's stylesheet: readable at 360 px and on a desktop, visible focus, contrast above 4.5:1 (WCAG 2.1 AA).
enum AppStyle {
    static let source = #"""
        :root { --ink: #1b1b1b; --paper: #ffffff; --accent: #0b4f8a; --muted: #4a4a4a; --over: #a4161a;
          --ok: #1e6b34; --line: #c8c8c8; --focus: #b34700; }
        * { box-sizing: border-box; }
        html { font-size: 100%; }
        body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5;
          color: var(--ink); background: var(--paper); }
        a { color: var(--accent); }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        .skip { position: absolute; left: -10000px; top: 0; background: var(--paper); padding: .5rem; }
        .skip:focus { left: .5rem; }
        header.top { background: #f1f4f8; border-bottom: 1px solid var(--line); padding: .5rem 1rem; }
        .brand { font-weight: 700; margin: 0 0 .25rem; }
        nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem .75rem; }
        nav a, nav button.link { display: inline-block; padding: .5rem .25rem; min-height: 44px; }
        nav a[aria-current="page"] { font-weight: 700; text-decoration-thickness: 3px; }
        nav form { margin: 0; }
        button.link { background: none; border: none; color: var(--accent); text-decoration: underline;
          font: inherit; cursor: pointer; }
        main { padding: 1rem; max-width: 60rem; margin: 0 auto; }
        h1 { font-size: 1.6rem; margin-top: .5rem; }
        h2 { font-size: 1.25rem; margin-top: 1.5rem; }
        .stack .field, .field { display: flex; flex-direction: column; margin-bottom: .75rem; max-width: 28rem; }
        label { font-weight: 600; }
        .hint { color: var(--muted); font-size: .95rem; }
        input, select { font: inherit; padding: .5rem; border: 1px solid #6b6b6b; border-radius: 4px;
          min-height: 44px; }
        button, .button { font: inherit; background: var(--accent); color: #fff; border: none; border-radius: 4px;
          padding: .6rem 1rem; min-height: 44px; cursor: pointer; text-decoration: none; display: inline-block; }
        button.link { min-height: 44px; padding: .5rem .25rem; }
        .search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-end; }
        .search label, .search .hint { flex-basis: 100%; }
        .search input { flex: 1 1 12rem; }
        .results { padding-left: 1.25rem; }
        .results li { margin: .35rem 0; }
        .tag { font-size: .85rem; border: 1px solid var(--muted); border-radius: 3px; padding: 0 .25rem; }
        .table-wrap { overflow-x: auto; }
        table { border-collapse: collapse; min-width: 18rem; }
        caption { text-align: left; color: var(--muted); padding: .25rem 0; }
        th, td { border-bottom: 1px solid var(--line); padding: .4rem .6rem; text-align: left; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; }
        tr.over td, .over { color: var(--over); font-weight: 700; }
        .ok { color: var(--ok); }
        .quick { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
        .quick form { margin: 0; }
        .inline { display: inline; }
        .progress:not([hidden]) { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .75rem 0; }
        .progress progress { flex: 1 1 10rem; height: 1.25rem; }
        td.failed { color: var(--over); font-weight: 700; }
        td form { margin: .25rem 0; }
        td input { max-width: 8rem; }
        .problems li { overflow-wrap: anywhere; }
        .notice { border-left: 4px solid var(--ok); padding: .25rem .75rem; background: #eef7f0; }
        .errors { color: var(--over); }
        dl.pairs { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
        dl.pairs dt { font-weight: 600; }
        dl.pairs dd { margin: 0; }
        .terms { max-height: 24rem; overflow-y: auto; border: 1px solid var(--line); padding: 0 1rem; }
        .visually-hidden { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
        td.standing.high, td.standing.low { color: var(--over); font-weight: 700; }
        td.standing.ok { color: var(--ok); }
        .period { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-end; }
        .period .field { margin-bottom: 0; }
        .chart-block { margin-bottom: 1.5rem; }
        svg.chart { width: 100%; max-width: 44rem; height: auto; display: block; }
        svg.chart text { font-family: system-ui, sans-serif; }
        fieldset { border: 1px solid var(--line); max-width: 28rem; margin: 0 0 .75rem; padding: .5rem .75rem; }
        .check { display: flex; align-items: center; gap: .5rem; min-height: 44px; }
        .check input { width: 1.4rem; height: 1.4rem; flex: none; }
        button.secondary { background: var(--paper); color: var(--over); border: 2px solid var(--over); }
        form.inline { display: inline; }
        td.actions > a, td.actions > form { display: inline-block; margin: .25rem .75rem .25rem 0; }
        ul.doses { list-style: none; padding: 0; }
        ul.doses li { border-bottom: 1px solid var(--line); padding: .5rem 0; }
        .dose-time { font-weight: 700; }
        .dose-answer.taken { color: var(--ok); font-weight: 700; }
        dl.details dt { font-weight: 700; margin-top: .5rem; }
        dl.details dd { margin-left: 0; }
        svg.adherence { max-width: 100%; height: auto; display: block; }
        svg.adherence rect.due, .swatch.due { fill: #f3d9da; background: #f3d9da; }
        svg.adherence rect.taken, .swatch.taken { fill: var(--ok); background: var(--ok); }
        svg.adherence text { font: 11px system-ui, sans-serif; fill: var(--ink); }
        .swatch { display: inline-block; width: 1rem; height: 1rem; vertical-align: middle; border: 1px solid var(--ink); }
        @media (max-width: 480px) {
          dl.pairs { grid-template-columns: 1fr; }
          main { padding: .75rem; }
          /* A phone's 360 px: smaller, tighter cells; a number stays with its unit except in the last column, which
             wraps, so four columns fit. */
          table { font-size: .875rem; }
          th, td { padding: .35rem .2rem; }
          td.num { white-space: nowrap; }
          td.num:last-child { white-space: normal; }
          /* A wide table read as one card per row: each cell says its column. */
          table.cards thead { position: absolute; left: -10000px; }
          table.cards tr { display: block; border-bottom: 1px solid var(--line); padding: .4rem 0; }
          table.cards th, table.cards td { display: block; border: none; text-align: left; padding: .1rem .2rem; }
          table.cards td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
          table.cards td.num { white-space: normal; }
        }
        """#
}
