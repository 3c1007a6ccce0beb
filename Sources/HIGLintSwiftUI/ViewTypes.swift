/// The views of SwiftUI (and of the frameworks whose views SwiftUI code places: Charts, AVKit, MapKit, WebKit) that
/// a configured component may stand for. A component mapped to anything else is a typo: no rule would ever treat
/// it as a view it knows.
public enum SwiftUIViewTypes {
    public static let names: Set<String> = [
        // Text and images
        "Text", "Label", "Image", "AsyncImage", "TextField", "SecureField", "TextEditor",
        // Controls
        "Button", "Link", "ShareLink", "Menu", "Picker", "Toggle", "Stepper", "Slider", "DatePicker", "ColorPicker",
        "EditButton", "RenameButton", "PasteButton", "ControlGroup", "Gauge", "ProgressView", "NavigationLink",
        // Lists, grids and stacks
        "List", "Section", "ForEach", "Table", "OutlineGroup", "DisclosureGroup", "Form", "LabeledContent", "GroupBox",
        "Grid", "GridRow", "LazyVGrid", "LazyHGrid", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack",
        "ScrollView", "Group", "Spacer", "Divider", "ViewThatFits", "GeometryReader", "TabView",
        "NavigationStack", "NavigationSplitView", "NavigationView", "ContentUnavailableView", "EmptyView", "AnyView",
        // Shapes and drawing
        "Color", "Rectangle", "RoundedRectangle", "Circle", "Ellipse", "Capsule", "Canvas", "TimelineView",
        // Other frameworks
        "Chart", "VideoPlayer", "Map", "WebView",
    ]
}
