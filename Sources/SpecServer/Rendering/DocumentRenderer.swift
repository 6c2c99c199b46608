import SpecFormats
import SpecStore

/// Picks the renderer for a text format: CSV, Markdown, an HTML page or fragment, or the SVG
/// drawing of a device.
enum DocumentRenderer {
    static func render(_ content: AnswerContent, as format: Format, table: FlatTable, page: PageContext, fragment: Bool)
        -> String
    {
        switch format {
        case .csv:
            return CSVRenderer.render(
                table, columns: page.route.columns(table: table, projection: page.projection))
        case .md:
            return MarkdownRenderer.render(table, page: page, fragment: fragment)
        case .html:
            if case .record(let result) = content {
                return HTMLRenderer.renderRecord(result.item, table: table, page: page, fragment: fragment)
            }
            return HTMLRenderer.render(table, page: page, fragment: fragment)
        case .svg:
            if case .record(let result) = content { return DeviceFigure.svg(result.item, standalone: true) + "\n" }
            return ""
        case .swift:
            return SwiftSource.render(
                route: page.route, rows: content.rows, version: table.version, notes: content.notes,
                request: page.link(format: Format.swift.rawValue))
        case .css:
            return ColorStyleSheet.render(
                rows: content.rows, version: table.version, notes: content.notes,
                request: page.link(format: Format.css.rawValue))
        case .json, .tokens:
            return ""
        }
    }

    /// `Content-Disposition` for a representation a person may save: CSV as an attachment,
    /// Markdown and SVG inline, each with a file name that says what it holds.
    static func disposition(format: Format, page: PageContext) -> String? {
        switch format {
        case .csv: "attachment; filename=\"\(page.fileName(extension: "csv"))\""
        case .md: "inline; filename=\"\(page.fileName(extension: "md"))\""
        case .svg: "inline; filename=\"\(page.fileName(extension: "svg"))\""
        case .swift: "inline; filename=\"\(page.fileName(extension: "swift"))\""
        case .css: "inline; filename=\"\(page.fileName(extension: "css"))\""
        default: nil
        }
    }
}
