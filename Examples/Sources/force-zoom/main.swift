import ExampleSupport
import Tactile

let usage = "force-zoom [INPUT | --device NODE...] [--screen-pixels W,H] [--image W,H]..."
await runExample(usage: usage) {
    let arguments = try Arguments(valued: ["--device", "--screen-pixels", "--image"])
    let input = try ExampleInput(arguments)
    let pixels = try arguments.size(of: "--screen-pixels") ?? (1920, 1080)
    var images: [Size] = []
    for text in arguments.values(of: "--image") {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == "x" }).compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw UsageError("--image takes W,H, not '\(text)'") }
        images.append(Size(width: parts[0], height: parts[1]))
    }
    if images.isEmpty {
        images = [Size(width: 1600, height: 1200), Size(width: 4535, height: 1823), Size(width: 3264, height: 4896)]
    }
    let surface = try input.touchSurface() ?? Size(width: 155, height: 87)
    var app = ForceZoom(images: images, screen: Size(width: pixels.0, height: pixels.1), surface: surface)
    try await input.forEachEvent { event in
        for line in app.handle(event) { line.write() }
    }
}
