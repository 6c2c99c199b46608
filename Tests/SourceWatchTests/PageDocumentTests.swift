import SourceWatchFixtures
import SpecStore
import Testing

@testable import SourceWatch

/// The reader of a page's DocC render JSON.
@Suite struct PageDocumentTests {
    @Test func theReaderWalksTabsColumnsAndAsidesAndJoinsRuns() throws {
        let page = """
            {"schemaVersion":{"major":0,"minor":3,"patch":0},
             "identifier":{"url":"doc://com.apple.HIG/design/Human-Interface-Guidelines/Layout"},
             "primaryContentSections":[{"kind":"content","content":[
               {"type":"heading","level":2,"text":"Specs","anchor":"Specs"},
               {"type":"row","numberOfColumns":2,"columns":[{"size":1,"content":[
                 {"type":"paragraph","inlineContent":[{"type":"strong","inlineContent":[{"type":"text","text":"Use a"}]},
                   {"type":"text","text":" "},{"type":"codeVoice","code":"Text"},{"type":"text","text":" view."}]}]}]},
               {"type":"aside","style":"note","content":[{"type":"paragraph","inlineContent":[{"type":"text","text":"Aside."}]}]},
               {"type":"tabNavigator","tabs":[{"title":"xSmall","content":[
                 {"type":"heading","level":4,"text":"xSmall","anchor":"xSmall"},
                 {"type":"table","header":"row","rows":[
                   [[{"type":"paragraph","inlineContent":[{"type":"text","text":"Style"}]}]],
                   [[{"type":"paragraph","inlineContent":[{"type":"reference","identifier":"x","overridingTitle":"Body"}]}]]]}]}]},
               {"type":"paragraph","inlineContent":[{"type":"text","text":"After."}]}]}]}
            """
        let document = try PageDocument.read(Array(page.utf8))
        #expect(document.slug == "layout")
        #expect(document.passages.map(\.text) == ["Use a Text view.", "Aside.", "After."])
        #expect(document.passages.map(\.anchors) == [["Specs"], ["Specs"], ["Specs"]])
        #expect(document.tables.count == 1)
        #expect(document.tables.first?.tab == "xSmall")
        #expect(document.tables.first?.anchors == ["Specs", "xSmall"])
        #expect(document.tables.first?.header == ["Style"])
        #expect(document.tables.first?.rows == [["Body"]])
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        var block = "{\"type\":\"paragraph\",\"inlineContent\":[]}"
        for _ in 0..<100 { block = "{\"type\":\"aside\",\"content\":[\(block)]}" }
        let page = "{\"schemaVersion\":{\"major\":0,\"minor\":3},\"primaryContentSections\":[{\"content\":[\(block)]}]}"
        #expect(throws: PageReadError.self) { try PageDocument.read(Array(page.utf8)) }
    }
}
