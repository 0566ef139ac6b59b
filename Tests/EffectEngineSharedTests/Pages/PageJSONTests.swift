import EffectEngineShared
import Testing

/// The pages' JSON writer: it places every comma itself, and escapes what could end a
/// script element.
@Suite("PageJSON: commas placed by the writer, text safe in a script element")
struct PageJSONTests {
    @Test("Values in arrays and objects are separated by one comma each, keys' values by none")
    func commas() {
        var json = PageJSON()
        json.object { json in
            json.key("empty")
            json.array { _ in }
            json.key("nested")
            json.array { json in
                json.number(1)
                json.array { json in
                    json.string("a")
                    json.null()
                }
                json.object { _ in }
                json.numbers([2, 3])
            }
            json.key("last")
            json.strings([])
        }
        #expect(json.text == #"{"empty":[],"nested":[1,["a",null],{},[2,3]],"last":[]}"#)
    }

    @Test("An array opened across a loop, and a buffer appended as one value")
    func arraysAcrossALoopAndAppendedBuffers() {
        var rows = PageJSON()
        rows.beginArray()
        for row in 0..<3 {
            rows.array { json in
                json.number(row)
                json.string("r\(row)")
            }
        }
        rows.endArray()
        var json = PageJSON()
        json.object { json in
            json.key("rows")
            json.append(rows)
            json.key("count")
            json.number(3)
        }
        #expect(json.text == #"{"rows":[[0,"r0"],[1,"r1"],[2,"r2"]],"count":3}"#)
    }

    @Test("A state tree's nodes and shapes as the pages read them")
    func nodesAndShapes() {
        var json = PageJSON()
        json.array { json in
            json.node(.composite(0, [.leaf("1"), .composite(1, [.leaf("x")])]))
            json.node(.leaf("y"))
        }
        #expect(json.text == #"[[0,"1",[1,"x"]],"y"]"#)
    }

    @Test("Text that would end a script element is escaped inside strings")
    func escapes() {
        var json = PageJSON()
        json.strings(["</script><!-- & \"\\\n\u{1}"])
        #expect(json.text == #"["\u003c/script\u003e\u003c!-- \u0026 \"\\\n\u0001"]"#)
        #expect(!json.text.contains("<"))
    }
}
