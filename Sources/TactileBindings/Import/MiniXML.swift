/// Just enough XML for a touchégg configuration: elements with attributes, text, comments,
/// the declaration, and the five predefined entities. Not a validating parser: what it
/// cannot read it says, with the line.
struct MiniXML {
    /// One element.
    final class Element {
        let name: String
        var attributes: [String: String]
        var children: [Element] = []
        var text = ""
        init(name: String, attributes: [String: String]) { self.name = name; self.attributes = attributes }

        /// The first child named `name`.
        func child(_ name: String) -> Element? { children.first { $0.name == name } }
        /// Every descendant named `name`, in document order.
        func all(_ name: String) -> [Element] {
            children.flatMap { ($0.name == name ? [$0] : []) + $0.all(name) }
        }
        /// Its text with surrounding blanks removed.
        var value: String { text.trimmingSpaces }
    }

    struct Failure: Error { var line: Int; var column: Int = 1; var message: String }

    /// The deepest elements nest.
    static let maxDepth = 64

    /// The document's root element.
    static func parse(_ text: String) throws(Failure) -> Element {
        let chars = Array(text)
        var i = 0
        var line = 1, column = 1
        let root = Element(name: "", attributes: [:])
        var stack = [root]
        func fail(_ m: String) -> Failure { Failure(line: line, column: column, message: m) }
        func advance(_ n: Int = 1) {
            for _ in 0..<n where i < chars.count {
                if chars[i].isLineBreak { line += 1; column = 1 } else { column += 1 }
                i += 1
            }
        }
        func starts(_ s: String) -> Bool {
            let a = Array(s)
            return i + a.count <= chars.count && Array(chars[i..<(i + a.count)]) == a
        }
        func until(_ s: String) throws(Failure) -> String {
            var out = ""
            while i < chars.count && !starts(s) { out.append(chars[i]); advance() }
            guard i < chars.count else { throw fail("'\(s)' never comes") }
            advance(s.count)
            return out
        }
        while i < chars.count {
            if starts("<!--") { advance(4); _ = try until("-->"); continue }
            if starts("<?") || starts("<!") { advance(2); _ = try until(">"); continue }
            if starts("</") {
                let at = (line, column)
                advance(2)
                let name = try until(">").trimmingSpaces
                guard stack.count > 1, stack.last!.name == name else {
                    throw Failure(line: at.0, column: at.1, message: stack.count > 1 ? "</\(name)> where </\(stack.last!.name)> closes <\(stack.last!.name)>" : "</\(name)> closes nothing open")
                }
                stack.removeLast()
                continue
            }
            if chars[i] == "<" {
                let at = (line, column)
                advance()
                var inside = ""
                var quote: Character?
                while i < chars.count {
                    let c = chars[i]
                    if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { break }
                    inside.append(c)
                    advance()
                }
                guard i < chars.count else { throw Failure(line: at.0, column: at.1, message: "a tag that never closes") }
                advance()
                let selfClosing = inside.hasSuffix("/")
                if selfClosing { inside.removeLast() }
                let element = try Self.element(inside, line: at.0, column: at.1)
                // Elements nested without end would overflow the stack, in `all` and when
                // the tree is freed (a 4 MiB file of `<a>` did); touchégg's nest 5 deep.
                if !selfClosing && stack.count > maxDepth { throw fail("elements nested more than \(maxDepth) deep") }
                stack.last!.children.append(element)
                if !selfClosing { stack.append(element) }
                continue
            }
            var text = ""
            while i < chars.count && chars[i] != "<" { text.append(chars[i]); advance() }
            stack.last!.text += Self.unescaped(text)
        }
        guard stack.count == 1 else { throw fail("<\(stack.last!.name)> is never closed") }
        guard let top = root.children.first else { throw fail("no element") }
        return top
    }

    private static func element(_ inside: String, line: Int, column: Int) throws(Failure) -> Element {
        let chars = Array(inside)
        var i = 0
        var name = ""
        while i < chars.count && !chars[i].isWhitespace { name.append(chars[i]); i += 1 }
        guard !name.isEmpty else { throw Failure(line: line, column: column, message: "a tag without a name") }
        var attributes: [String: String] = [:]
        while i < chars.count {
            while i < chars.count && chars[i].isWhitespace { i += 1 }
            guard i < chars.count else { break }
            var key = ""
            while i < chars.count && chars[i] != "=" && !chars[i].isWhitespace { key.append(chars[i]); i += 1 }
            while i < chars.count && chars[i].isWhitespace { i += 1 }
            guard i < chars.count, chars[i] == "=" else { throw Failure(line: line, column: column, message: "attribute '\(key)' without a value") }
            i += 1
            while i < chars.count && chars[i].isWhitespace { i += 1 }
            guard i < chars.count, chars[i] == "\"" || chars[i] == "'" else { throw Failure(line: line, column: column, message: "attribute '\(key)': a value in quotes") }
            let q = chars[i]
            i += 1
            var value = ""
            while i < chars.count && chars[i] != q { value.append(chars[i]); i += 1 }
            i += 1
            attributes[key] = unescaped(value)
        }
        return Element(name: name, attributes: attributes)
    }

    static func unescaped(_ s: String) -> String {
        guard s.contains("&") else { return s }
        return s.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
            .replacing("&amp;", with: "&")
    }
}
