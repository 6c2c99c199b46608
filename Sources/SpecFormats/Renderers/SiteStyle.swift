/// The site's one style sheet, inlined in every page (the Content-Security-Policy allows inline
/// styles only): light and dark by `prefers-color-scheme`, a print form without navigation, and
/// a layout that never scrolls sideways at 390 px (a wide table scrolls inside its own box). On a
/// wider screen the table's box is at most a screen tall and scrolls both ways, so its header
/// row stays in view and its sideways scroll bar is never far below.
///
/// The `hig-` classes are the ones a site embedding a `fragment=true` table can style; the
/// README lists them.
package enum SiteStyle {
    /// ``css`` as bytes, made once: every page copies them in as one block.
    package static let cssBytes = Array(css.utf8)

    package static let css = """
        :root{--fg:#1d1d1f;--muted:#555559;--bg:#fff;--panel:#f5f5f7;--line:#c7c7cc;\
        --link:#0050b3;--pub:#1b6b2f;--conv:#8a4b00;--focus:#0066cc}
        @media (prefers-color-scheme:dark){:root{--fg:#f2f2f7;--muted:#b4b4bb;--bg:#161618;--panel:#242428;\
        --line:#48484f;--link:#7cb8ff;--pub:#6fd68a;--conv:#ffb35c;--focus:#7cb8ff}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",system-ui,sans-serif;\
        color:var(--fg);background:var(--bg);overflow-wrap:anywhere}
        a{color:var(--link)}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,\
        .hig-scroll:focus-visible,.hig-chart:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        .skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:2}
        .site{border-bottom:1px solid var(--line);background:var(--panel);padding:.75rem 1rem}
        .site-name{font-weight:700;text-decoration:none;color:var(--fg);margin-right:1rem}
        .site nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:.5rem 0 0;padding:0}
        .site nav a{text-decoration:none}.site nav a:hover,.site nav a[aria-current]{text-decoration:underline}
        main{padding:1rem;max-width:90rem;margin:0 auto}
        h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}\
        h3{font-size:1.05rem;margin:1rem 0 .25rem}
        .crumbs ol{display:flex;flex-wrap:wrap;list-style:none;margin:0;padding:0;font-size:.9rem}
        .crumbs li+li::before{content:"›";padding:0 .4rem;color:var(--muted)}
        .lead{color:var(--muted);margin:.25rem 0 .75rem}
        .formats{margin:.5rem 0}
        .notes{border-left:4px solid var(--line);padding:.25rem .75rem;margin:.75rem 0;background:var(--panel)}
        .notes p{margin:.25rem 0}
        .hig-filter-toggle{display:none}
        .hig-chart{overflow-x:auto;max-width:100%}
        form.hig-filters,form.hig-search{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-start;\
        margin:.75rem 0;padding:.75rem;border:1px solid var(--line);border-radius:8px;background:var(--panel)}
        .hig-filters .field{display:flex;flex-direction:column;flex:1 1 10rem;max-width:18rem}
        .hig-filters input,.hig-filters select{width:100%}
        .hig-filters button{margin-top:1.45rem}.hig-filters .field>a{margin-top:1.9rem}
        .hig-filters label,.hig-search label{font-weight:600;font-size:.9rem}
        .hig-filters small{color:var(--muted);font-size:.8rem;max-width:16rem}
        input,select,button{font:inherit;max-width:100%;color:var(--fg);background:var(--bg);\
        border:1px solid var(--line);border-radius:6px;padding:.35rem .5rem}
        .hig-search input{width:22rem}
        button{background:var(--link);color:var(--bg);border-color:var(--link);font-weight:600;cursor:pointer}
        .hig-scroll{overflow-x:auto;max-width:100%;border:1px solid var(--line);border-radius:8px}
        table.hig-table{border-collapse:collapse;font-size:.875rem;width:100%}
        .hig-table caption:not(.visually-hidden){caption-side:top;text-align:left;padding:.5rem .75rem;color:var(--muted)}
        .hig-table th,.hig-table td{border-top:1px solid var(--line);padding:.35rem .6rem;text-align:left;overflow-wrap:normal;\
        vertical-align:top}
        .hig-table thead th{background:var(--panel);white-space:nowrap;position:sticky;top:0}
        .hig-table th a{color:var(--fg)}
        .hig-table thead th.hig-num{white-space:normal}
        .hig-table td.hig-num,.hig-table th.hig-num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        .hig-table td.hig-long{min-width:14rem;max-width:36rem}
        .hig-table td.hig-id{font-size:.8rem}
        .hig-table td.hig-source{min-width:12rem;max-width:30rem}.hig-table td.hig-figure:not(.hig-long){white-space:nowrap}
        .hig-table td.hig-name{min-width:8rem}
        details.hig-basis summary{cursor:pointer;color:var(--muted)}
        .hig-pivot tbody th{text-align:left;font-weight:600;white-space:nowrap}.hig-pivot-source,.hig-jump{margin:.5rem 0}
        dl.hig-log dt{font-weight:600;margin-top:.5rem}dl.hig-log dd{margin:0 0 .25rem}\
        details.hig-log{margin:.5rem 0}details.hig-log summary{cursor:pointer;font-weight:600}details.hig-log p{margin:.25rem 0}\
        details.hig-version{margin:.25rem 0;border-top:1px solid var(--line)}details.hig-version>summary{cursor:pointer;padding:.25rem 0}\
        details.hig-version>summary h2{display:inline;font-size:1.15rem;margin:0}\
        .hig-count{color:var(--muted);white-space:nowrap;font-size:1rem;font-weight:400}
        .hig-series-0{color:#1f6fd1}.hig-series-1{color:#c2410c}.hig-series-2{color:#15803d}\
        .hig-series-3{color:#9333ea}.hig-series-4{color:#b45309}.hig-series-5{color:#0e7490}
        @media (prefers-color-scheme:dark){.hig-series-0{color:#7cb8ff}.hig-series-1{color:#ff9a66}\
        .hig-series-2{color:#6fd68a}.hig-series-3{color:#d2a8ff}.hig-series-4{color:#ffc266}.hig-series-5{color:#67e8f9}}
        .hig-legend{display:none;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:.5rem 0;font-size:.875rem}
        .hig-legend svg{display:inline;vertical-align:middle}
        blockquote.hig-quote{margin:0;padding:.25rem .75rem;border-left:4px solid var(--pub);font-style:italic}\
        blockquote.hig-quote p{margin:0}
        form.hig-search-here{padding:.5rem .75rem;align-items:center}form.hig-search-here input[type=search]{width:16rem}
        .hig-constant{margin:.5rem 0;color:var(--muted)}.hig-same-name{font-weight:600;color:var(--fg)}
        details.hig-columns{margin:.5rem 0}details.hig-columns summary{cursor:pointer;font-weight:600}
        details.hig-columns ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:.5rem 0;padding:0}
        @media screen and (min-width:40.01rem){.hig-scroll{overflow:auto;max-height:85vh}}
        .hig-status{font-weight:700;white-space:nowrap}
        .hig-status-published{color:var(--pub)}.hig-status-convention{color:var(--conv)}
        .hig-status-convention::before{content:"◇ "}.hig-status-published::before{content:"✓ "}
        .hig-basis{display:block;color:var(--muted)}
        .paging{display:flex;flex-wrap:wrap;gap:1rem;margin:.75rem 0}
        dl.record{display:grid;grid-template-columns:minmax(8rem,14rem) minmax(0,1fr);gap:.25rem 1rem;margin:1rem 0}
        dl.record dt{font-weight:600}dl.record dd{margin:0}
        figure{margin:1rem 0}
        @media (min-width:60rem){.record-layout{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);\
        gap:2rem;align-items:start}}figure svg{max-width:100%;height:auto;display:block}
        figcaption{color:var(--muted);font-size:.9rem}
        svg text{fill:var(--fg);font-family:inherit}
        .routes li{margin:.25rem 0}
        footer{padding:1rem;color:var(--muted);font-size:.85rem;border-top:1px solid var(--line);margin-top:2rem}
        @media (max-width:40rem){.hig-reflow,.hig-reflow tbody,.hig-reflow tr,.hig-reflow td{display:block}\
        .hig-reflow caption{display:block}\
        .hig-reflow thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}\
        .hig-sortable thead{position:static;width:auto;height:auto;clip-path:none;display:block;background:var(--panel)}\
        .hig-sortable thead tr::before{content:"Sort by:";font-weight:600}\
        .hig-reflow thead tr{display:flex;flex-wrap:wrap;gap:.25rem .75rem;padding:.5rem .75rem}\
        .hig-reflow thead th{display:block;border:0;padding:0;position:static;background:none}\
        .hig-reflow tbody tr{border-top:2px solid var(--line);padding:.5rem 0}\
        .hig-reflow td{border:0;padding:.1rem .75rem;min-width:0!important;max-width:none!important;white-space:normal!important;\
        overflow-wrap:anywhere;\
        text-align:left!important}\
        .hig-reflow td::before{content:attr(data-label) ": ";font-weight:600}\
        .hig-pivot tbody th{display:block;border:0;padding:.1rem .75rem}\
        .hig-reflow.hig-pivot td{display:inline-block;width:50%}.hig-pivot td::before{content:attr(data-label) " "}\
        .hig-reflow td:empty{display:none}\
        dl.record{grid-template-columns:minmax(0,1fr)}dl.record dd{margin-bottom:.5rem}\
        .hig-chart svg{max-width:none}\
        input.hig-filter-toggle{display:inline-block;width:1.25rem;height:1.25rem;margin:.75rem .5rem .75rem 0;\
        vertical-align:middle}label.hig-filter-toggle{display:inline-block;font-weight:600;vertical-align:middle}\
        .hig-legend{display:flex}\
        input.hig-filter-toggle:not(:checked)~form.hig-filters,\
        input.hig-filter-toggle:not(:checked)~.hig-scroll .hig-sortable thead{display:none}\
        .hig-search input{width:100%}form.hig-search{flex-direction:column;align-items:stretch}}
        @media print{.site,.skip,form,.hig-filter-toggle,.formats,.paging,footer{display:none}\
        body{background:#fff;color:#000;font-size:10pt}a{color:#000}\
        .hig-scroll{overflow:visible;max-height:none;border:0}.hig-table thead th{position:static}\
        .hig-table th,.hig-table td{border:1px solid #999;min-width:0!important;white-space:normal!important;\
        padding:2px 4px}.hig-table{font-size:7.5pt}\
        .hig-table td.hig-source a::after{content:" (" attr(href) ")";font-size:8pt}}
        """
}
