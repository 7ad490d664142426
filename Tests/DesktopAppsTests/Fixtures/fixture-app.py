#!/usr/bin/python3
"""Switchyard's GTK3 fixture app: a window whose widgets sit at fixed places
(a GtkFixed, no window manager under Xvfb: the window is at 0,0), so a test
knows every frame. It prints one line on standard output for each action it
receives, flushed at once, and "ready" when its window shows.

  clicked Save              a push button
  toggled Bold on|off       a toggle button, the check box
  value Volume 60           the slider
  text Name Ada             the entry (on each change)
  row Green                 the list's selected row
  page Shapes               the notebook's page
  dialog shown|OK|Cancel    the modal dialog

With --extras it shows another window instead, "Switchyard Extras", for
what the main one cannot show without changing its layout:

  clicked Unfocusable       a push button that takes no keyboard focus
                            (AT-SPI's Component.GrabFocus answers false)
  added 1                   "Add Label" puts a label "Added 1" above every
                            other widget: each one's place in the tree moves
  preferences shown|closed  a dialog of its own that is not modal
"""
import sys
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk, GLib


def say(line):
    print(line, flush=True)


def place(fixed, widget, x, y, width, height):
    widget.set_size_request(width, height)
    fixed.put(widget, x, y)
    return widget


def named(widget, name):
    widget.get_accessible().set_name(name)
    return widget


def extras():
    window = Gtk.Window(title="Switchyard Extras")
    window.set_default_size(520, 140)
    window.set_resizable(False)
    window.connect("destroy", Gtk.main_quit)
    column = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    window.add(column)
    banner = Gtk.Box(orientation=Gtk.Orientation.HORIZONTAL)
    column.pack_start(banner, False, False, 0)
    fixed = Gtk.Fixed()
    column.pack_start(fixed, True, True, 0)

    unfocusable = place(fixed, Gtk.Button(label="Unfocusable"), 20, 20, 140, 40)
    unfocusable.set_can_focus(False)
    unfocusable.connect("clicked", lambda b: say("clicked Unfocusable"))

    added = [0]

    def add_label(_button):
        added[0] += 1
        label = Gtk.Label(label="Added %d" % added[0])
        # add, not pack_start: only GtkContainer's add tells AT-SPI (children-changed).
        banner.add(label)
        banner.reorder_child(label, 0)
        label.show()
        say("added %d" % added[0])

    place(fixed, Gtk.Button(label="Add Label"), 180, 20, 140, 40).connect("clicked", add_label)

    def show_preferences(_button):
        dialog = Gtk.Dialog(title="Preferences", transient_for=window, modal=False)
        dialog.add_button("Close", Gtk.ResponseType.CLOSE)
        dialog.get_content_area().add(Gtk.Label(label="Nothing to set"))

        def closed(d, _response):
            say("preferences closed")
            d.destroy()

        dialog.connect("response", closed)
        dialog.show_all()
        say("preferences shown")

    place(fixed, Gtk.Button(label="Open Preferences"), 340, 20, 160, 40).connect("clicked", show_preferences)
    window.show_all()
    GLib.idle_add(lambda: say("ready") and False)
    Gtk.main()
    sys.exit(0)


if "--extras" in sys.argv[1:]:
    extras()

window = Gtk.Window(title="Switchyard Fixture")
window.set_default_size(460, 480)
window.set_resizable(False)
window.connect("destroy", Gtk.main_quit)
fixed = Gtk.Fixed()
window.add(fixed)

save = place(fixed, Gtk.Button(label="Save"), 20, 20, 120, 40)
save.connect("clicked", lambda b: say("clicked Save"))

open_dialog = place(fixed, Gtk.Button(label="Open Dialog"), 160, 20, 120, 40)

bold = place(fixed, Gtk.ToggleButton(label="Bold"), 300, 20, 120, 40)
bold.connect("toggled", lambda b: say("toggled Bold " + ("on" if b.get_active() else "off")))

notify = place(fixed, Gtk.CheckButton(label="Notify me"), 20, 80, 160, 30)
notify.connect("toggled", lambda b: say("toggled Notify me " + ("on" if b.get_active() else "off")))

adjustment = Gtk.Adjustment(value=50, lower=0, upper=100, step_increment=10, page_increment=10, page_size=0)
volume = named(place(fixed, Gtk.Scale(orientation=Gtk.Orientation.HORIZONTAL, adjustment=adjustment), 20, 130, 260, 45), "Volume")
volume.set_digits(0)
volume.connect("value-changed", lambda s: say("value Volume %d" % round(s.get_value())))

entry = named(place(fixed, Gtk.Entry(), 20, 190, 260, 34), "Name")
entry.connect("changed", lambda e: say("text Name " + e.get_text()))

notebook = place(fixed, Gtk.Notebook(), 20, 240, 420, 220)
colors = Gtk.ListBox()
colors.set_selection_mode(Gtk.SelectionMode.SINGLE)
for name in ["Red", "Green", "Blue"]:
    row = Gtk.ListBoxRow()
    row.add(Gtk.Label(label=name))
    named(row, name)
    colors.add(row)
colors.connect("row-selected", lambda box, row: row and say("row " + row.get_child().get_text()))
notebook.append_page(colors, Gtk.Label(label="Colors"))
shapes = Gtk.Box(orientation=Gtk.Orientation.HORIZONTAL, spacing=10)
for name in ["Circle", "Square"]:
    button = Gtk.Button(label=name)
    button.connect("clicked", lambda b: say("clicked " + b.get_label()))
    shapes.pack_start(button, False, False, 0)
notebook.append_page(shapes, Gtk.Label(label="Shapes"))
notebook.connect("switch-page", lambda nb, page, number: say("page " + nb.get_tab_label_text(page)))


def show_dialog(_button):
    # Not dialog.run(): a nested main loop started from an action that came
    # over AT-SPI keeps the app's accessibility bus from being served until
    # the dialog closes (the bridge is still inside DoAction's handler).
    dialog = Gtk.Dialog(title="Confirm", transient_for=window, modal=True)
    dialog.add_button("Cancel", Gtk.ResponseType.CANCEL)
    dialog.add_button("OK", Gtk.ResponseType.OK)
    dialog.get_content_area().add(Gtk.Label(label="Discard the changes?"))

    def answered(d, response):
        say("dialog " + ("OK" if response == Gtk.ResponseType.OK else "Cancel"))
        d.destroy()

    dialog.connect("response", answered)
    dialog.show_all()
    say("dialog shown")


open_dialog.connect("clicked", show_dialog)

window.show_all()
GLib.idle_add(lambda: say("ready") and False)
Gtk.main()
