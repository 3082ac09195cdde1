// swift-tools-version:6.2
// Five small apps on Tactile's public API, each driven by a recording from ../Recordings
// (or by live devices): what each would show, frame by frame, as JSON Lines; two of them
// also in a window (SDL2 from Debian, this package alone). `make examples` builds them with
// warnings as errors, runs them and checks what they show against what the apps are meant
// to do (Tests/ExampleTests), the windows by their screenshots' pixels.
import PackageDescription

/// Every example is built with warnings as errors: an example is code to copy.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "TactileExamples",
    platforms: [.macOS(.v13)],
    dependencies: [
        // docs:begin package-dependency
        // Tactile from a checkout beside the app; from a Git server it is
        // .package(url: "https://example.org/tactile.git", from: "0.1.0").
        .package(name: "Tactile", path: ".."),
        // docs:end package-dependency
    ],
    targets: [
        // Reading a recording or live devices, and writing JSON Lines: what every app shares.
        .target(
            name: "ExampleSupport",
            dependencies: [
                .product(name: "Tactile", package: "Tactile"),
                .product(name: "TactileJSON", package: "Tactile"),
                .product(name: "TactileLibinputRecord", package: "Tactile"),
                .product(name: "TactileLinux", package: "Tactile"),
            ],
            swiftSettings: strict
        ),
        // The tap-to-fullscreen app's logic, shared by its JSON app and its window.
        .target(name: "FullscreenRotating", dependencies: ["ExampleSupport", .product(name: "Tactile", package: "Tactile")],
                swiftSettings: strict),
        .executableTarget(name: "fullscreen-rotate",
                         dependencies: ["ExampleSupport", "FullscreenRotating", .product(name: "Tactile", package: "Tactile")],
                         swiftSettings: strict),
        // The frame editor's logic is a library, so its tests can drive it with scripted
        // gestures (FrameEditingTests, through TactileTesting alone).
        .target(name: "FrameEditing", dependencies: ["ExampleSupport", .product(name: "Tactile", package: "Tactile")],
                swiftSettings: strict),
        .executableTarget(name: "frame-editor",
                         dependencies: ["ExampleSupport", "FrameEditing", .product(name: "Tactile", package: "Tactile")],
                         swiftSettings: strict),
        .executableTarget(name: "rotating-gallery", dependencies: ["ExampleSupport", .product(name: "Tactile", package: "Tactile")],
                         swiftSettings: strict),
        .executableTarget(name: "force-zoom", dependencies: ["ExampleSupport", .product(name: "Tactile", package: "Tactile")],
                         swiftSettings: strict),
        .executableTarget(name: "image-tour", dependencies: ["ExampleSupport", .product(name: "Tactile", package: "Tactile")],
                         swiftSettings: strict),
        // The smallest app, on the Tactile library alone: a recording's lines as JSON Lines
        // (docs/library.md's first excerpt, a whole main.swift).
        .executableTarget(name: "gesture-lines", dependencies: [.product(name: "Tactile", package: "Tactile")],
                         swiftSettings: strict),
        // SDL2 (Debian's libsdl2-dev) for the windowed examples, behind ExampleWindow's
        // thin typed wrapper; the JSON apps and Tactile itself do not link it.
        // docs:begin sdl-package
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        // docs:end sdl-package
        .target(name: "ExampleWindow",
                dependencies: ["CSDL2", "ExampleSupport", .product(name: "Tactile", package: "Tactile")],
                swiftSettings: strict),
        // The frame editor and the tap-to-fullscreen app in a window: the test card under
        // the gestures' transform, driven by a recording, live devices or the window's touches.
        .executableTarget(name: "frame-editor-window",
                         dependencies: ["ExampleWindow", "ExampleSupport", "FrameEditing",
                                        .product(name: "Tactile", package: "Tactile")],
                         swiftSettings: strict),
        .executableTarget(name: "fullscreen-rotate-window",
                         dependencies: ["ExampleWindow", "ExampleSupport", "FullscreenRotating",
                                        .product(name: "Tactile", package: "Tactile")],
                         swiftSettings: strict),
        // Runs the built apps on the recordings and checks their lines against the apps'
        // descriptions (docs/library.md), computed here from the recordings' own numbers.
        .testTarget(name: "ExampleTests", swiftSettings: strict),
        // The frame editor tested as docs/testing.md shows: gestures written in code,
        // played through the app's own loop, its transform checked; and a toolkit's touches
        // (ToolkitTouches, the window's PointerTouches) as the windowed editor takes them.
        .testTarget(name: "FrameEditingTests",
                    dependencies: ["FrameEditing", "ExampleSupport", "ExampleWindow", .product(name: "Tactile", package: "Tactile"),
                                   .product(name: "TactileTesting", package: "Tactile")],
                    swiftSettings: strict),
    ]
)
