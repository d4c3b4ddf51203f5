/// The portal's one stylesheet, served as a file (the Content-Security-Policy allows no inline style or script).
/// Colours reach WCAG 2.1 AA contrast (4.5:1 for text) on their backgrounds.
enum PortalStyle {
    static let css = """
        :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.45; }
        body { margin: 0; color: #1a1a1a; background: #fafafa; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; }
        header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px;
          padding: 8px 16px; background: #0b4f8a; color: #fff; }
        header a, header .brand { color: #fff; }
        .brand { margin: 0; font-weight: bold; }
        nav { display: flex; align-items: center; gap: 16px; }
        .sign-out { margin: 0; }
        main { padding: 16px; max-width: 1100px; margin: 0 auto; }
        h1 { font-size: 1.5rem; margin: 0 0 12px; }
        h2 { font-size: 1.2rem; margin: 24px 0 8px; }
        a { color: #0b4f8a; }
        button, input { font: inherit; }
        button { padding: 6px 12px; border: 1px solid #0b4f8a; border-radius: 4px; background: #fff; color: #0b4f8a; }
        header button { background: #fff; }
        form.stacked { display: grid; gap: 8px; max-width: 320px; }
        form.stacked input, form.stacked select { padding: 6px; border: 1px solid #666; border-radius: 4px; }
        .error { color: #a40000; font-weight: bold; }
        .note { color: #444; font-size: 0.9rem; }
        .table-wrap { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; background: #fff; }
        th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #ddd; vertical-align: top; }
        ul.flags { margin: 0; padding-left: 18px; }
        .flag { color: #8a1c00; }
        .none { color: #2d6a2d; }
        .sorts { display: flex; flex-wrap: wrap; gap: 12px; padding: 0; list-style: none; }
        .sorts [aria-current] { font-weight: bold; color: #1a1a1a; }
        .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 460px), 1fr)); gap: 16px; }
        td.flags-cell { min-width: 15rem; }
        td.wide { min-width: 14rem; }
        td.time, th.time { min-width: 7.5rem; }
        figure { margin: 0; background: #fff; padding: 8px; border: 1px solid #ddd; }
        svg.chart { width: 100%; height: auto; }
        details { margin-top: 6px; }
        /* A phone: the patient list read as one card per patient, each cell saying its column. */
        @media (max-width: 40rem) {
          table.cards thead { position: absolute; left: -10000px; }
          table.cards tr { display: block; border-bottom: 1px solid #ddd; padding: 6px 0; }
          table.cards th, table.cards td { display: block; border: none; padding: 2px 8px; min-width: 0; }
          table.cards td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
        }
        """
}
