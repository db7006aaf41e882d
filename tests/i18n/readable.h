/* readable.h: finds the text that a window shows cut off
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

/* Appends to @report one line for every mapped label under @widget whose text is cut off:
 * ellipsized, or wider or taller than the room it was given. The label's own Pango layout is
 * the one it draws, laid out for its allocation, so it tells what the person sees. Labels
 * inside buttons, rows, drop-downs and popovers are children like any other. */
static inline void
readable_find_cut_off_labels (GtkWidget *widget,
                              GString   *report)
{
  if (!gtk_widget_get_mapped (widget))
    return;

  if (GTK_IS_LABEL (widget) && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    {
      GtkLabel *label = GTK_LABEL (widget);
      PangoLayout *layout = gtk_label_get_layout (label);
      const char *text = gtk_label_get_text (label);
      const char *parent = G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget));
      PangoRectangle ink, logical;

      pango_layout_get_pixel_extents (layout, &ink, &logical);
      if (pango_layout_is_ellipsized (layout))
        g_string_append_printf (report, "  “%s” (in a %s) is ellipsized at %d pixels\n", text,
                                parent, gtk_widget_get_width (widget));
      else if (logical.width > gtk_widget_get_width (widget) + 1)
        g_string_append_printf (report, "  “%s” (in a %s) is cut off: %d pixels wide for %d\n",
                                text, parent, logical.width, gtk_widget_get_width (widget));
      else if (logical.height > gtk_widget_get_height (widget) + 1)
        g_string_append_printf (report, "  “%s” (in a %s) is cut off: %d pixels high for %d\n",
                                text, parent, logical.height, gtk_widget_get_height (widget));
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    readable_find_cut_off_labels (child, report);
}

/* Fails the test, naming every label cut off under @widget, a part of what @where shows. */
static inline void
readable_assert_no_label_cut_off (GtkWidget  *widget,
                                  const char *where)
{
  g_autoptr(GString) report = g_string_new (NULL);

  readable_find_cut_off_labels (widget, report);
  if (report->len > 0)
    g_error ("%s (%s): text cut off:\n%s", where, g_getenv ("LANGUAGE"), report->str);
}
