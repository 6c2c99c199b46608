import SpecFormats
import SpecStore

/// How the API words the store's notes: each ``NoteReference`` (a collection and filter values)
/// becomes the URL of that answer, e.g. `/v1/text-styles?platform=macos`.
///
/// Every format carries the worded notes: the JSON envelope's `notes`, HTML and Markdown, and the
/// `Spec-Note` fields (``NoteField``).
package enum NoteWording {
    /// The note's text, its references worded as URLs.
    package static func text(_ note: Note) -> String {
        note.text(wording: url)
    }

    /// The notes' texts, in order.
    package static func texts(_ notes: [Note]) -> [String] {
        notes.map(text)
    }

    /// The note's text, its references worded as the referenced collection's name: for notes
    /// embedded in another row's JSON (a device's `widgets`), as the API has always worded them.
    package static func embeddedText(_ note: Note) -> String {
        note.text(wording: collectionName)
    }

    /// The referenced collection in words (its entry's ``ServedCollection/referenceName``).
    package static func collectionName(_ reference: NoteReference) -> String {
        let served = ServedCollection.of(reference.collection)
        return served.referenceName ?? served.title
    }

    /// The URL of the referenced answer: the collection route's path, and the filter's values in
    /// their canonical form (``DeclaredFilter/canonicalFields``: the fields' order and spelling,
    /// the answer cache's key), each percent-encoded, so following a note asks for an answer the
    /// cache may already hold.
    package static func url(_ reference: NoteReference) -> String {
        let template = ServedCollection.of(reference.collection).template
        let given = reference.filter.canonicalFields
        return given.isEmpty ? template : template + "?" + RecordLink.query(given)
    }
}
