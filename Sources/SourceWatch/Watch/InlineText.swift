import JSON
import SpecStore

/// DocC inline content (`RenderInlineContent`) as plain text: runs joined as they come, since
/// Apple's source line wraps split one sentence into several `text` runs.
package enum InlineText {
    /// The text of an `inlineContent` array: `text` as is, `codeVoice` its code, `reference` its
    /// overriding title, `link` its title, and the styled runs (`strong`, `emphasis`, …) their
    /// own content; images contribute nothing.
    package static func plain(_ content: JSONValue?, depth: Int = 0) -> String {
        var text = ""
        append(content, to: &text, depth: depth)
        return text
    }

    private static func append(_ content: JSONValue?, to text: inout String, depth: Int) {
        // Bounded like the block walk: a page nesting runs deeper is malformed, not prose.
        guard depth < PageDocument.maxDepth, let runs = content?.arrayValue else { return }
        for run in runs {
            switch run["type"]?.stringValue {
            case "text":
                text += run["text"]?.stringValue ?? ""
            case "codeVoice":
                text += run["code"]?.stringValue ?? ""
            case "reference":
                if let title = run["overridingTitle"]?.stringValue {
                    text += title
                } else {
                    append(run["overridingTitleInlineContent"], to: &text, depth: depth + 1)
                }
            case "link":
                text += run["title"]?.stringValue ?? ""
            default:
                append(run["inlineContent"], to: &text, depth: depth + 1)
            }
        }
    }
}
