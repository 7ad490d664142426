/// What an Android view class means for the screen model: the traits it
/// implies, whether it takes text, and how it groups its children.
///
/// UiAutomator writes each node's Java class (`android.widget.Switch`,
/// `androidx.recyclerview.widget.RecyclerView`, …); Jetpack Compose writes
/// the class of the semantics role (`android.widget.Button` for
/// `Role.Button`, `android.widget.CheckBox`, `android.widget.Switch`,
/// `android.widget.ImageView`, `android.widget.EditText`) and
/// `android.view.View` for the rest, and Flutter `android.view.View`. The
/// class is matched by its simple name (after the last `.` or `$`), by
/// suffix, so the AppCompat and Material subclasses (`AppCompatButton`,
/// `MaterialButton`, `SwitchMaterial`, `TextInputEditText`) mean what
/// their base class means. The table, with the reason for each row, is in
/// `AndroidImporter.swift` and docs/importing.md.
struct AndroidWidgetClass: Hashable, Sendable {
    /// The simple name: `Switch` for `android.widget.Switch`.
    var name: String
    /// Traits implied by the class. `staticText` and `image` only label a
    /// node that has text or a description of its own (an empty
    /// `TextView` or an undescribed `ImageView` is not exposed to
    /// TalkBack), so they are kept apart in `contentTraits`.
    var traits: TraitSet = []
    /// `staticText` or `image`: given when the node has its own label or
    /// is actionable.
    var contentTraits: TraitSet = []
    /// Whether the class takes text (`EditText` and its subclasses): its
    /// `text` is its value, not its label.
    var takesText = false
    /// `UIAccessibilityContainerType` of a container of this class.
    var containerType: ContainerType = .none

    /// The meaning of `className` (full or simple). Classes not in the
    /// table (`FrameLayout`, `LinearLayout`, `ViewGroup`, `View`,
    /// `ComposeView`, …) are plain containers.
    init(_ className: String) {
        let simple = className.split(whereSeparator: { $0 == "." || $0 == "$" }).last.map(String.init) ?? className
        name = simple
        func ends(_ suffixes: String...) -> Bool { suffixes.contains { simple.hasSuffix($0) } }
        if ends("CheckBox", "Switch", "SwitchCompat", "SwitchMaterial", "ToggleButton", "RadioButton", "CheckedTextView", "CompoundButton") {
            traits = [.button, .toggle]
        } else if ends("Button") {
            traits = .button
        } else if ends("SearchAutoComplete") {
            traits = .searchField
            takesText = true
        } else if ends("EditText", "AutoCompleteTextView") {
            takesText = true
        } else if ends("SeekBar", "RatingBar", "NumberPicker", "Slider") {
            traits = .adjustable
        } else if ends("ProgressBar", "ProgressIndicator") {
            traits = .updatesFrequently
        } else if ends("TextView") {
            contentTraits = .staticText
        } else if ends("ImageView") {
            contentTraits = .image
        } else if ends("TabLayout", "TabWidget", "BottomNavigationView", "NavigationBarView") {
            traits = .tabBar
        } else if ends("Toolbar", "ActionBarContainer", "ActionMenuView") {
            containerType = .semanticGroup
        } else if ends("RecyclerView", "ListView", "GridView", "ScrollView", "ViewPager", "ViewPager2") {
            containerType = .list
        }
    }
}
