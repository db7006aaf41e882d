/* crapette-choice-row.c: drop-down rows that show every choice whole, at one size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libadwaita's combo rows ellipsize their choices at 20 characters, and size themselves to the
 * choice on show, so "Two people at one screen" became "Two people at one scr…" and a dialog
 * holding such a row changed its size, and moved, when the choice changed. These rows give the
 * shown choice the room of the widest choice, up to a limit past which it wraps onto a second
 * line; the room, both width and height, is the same for every choice. The list that drops
 * down shows each choice whole, wrapped if it has to be.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-choice-row.h"

/* Past this width a choice wraps rather than widen its row. The longest choice of the eight
 * languages, German "Zwei Personen an einem Bildschirm", is 250 pixels wide in the default
 * 11-point Cantarell; 280 pixels keep it on one line with a little room for larger fonts. */
#define CHOICE_MAX_WIDTH 280

/* Sets @width to the width of the widest of @row's choices as @label would show it, at most
 * CHOICE_MAX_WIDTH, and @height to the height of the tallest at that width; returns whether
 * some choice is wider than CHOICE_MAX_WIDTH, and must wrap. */
static gboolean
measure_choices (AdwComboRow *row,
                 GtkWidget   *label,
                 int         *width,
                 int         *height)
{
  gboolean wraps = FALSE;
  GListModel *model = adw_combo_row_get_model (row);
  guint n_choices = model != NULL ? g_list_model_get_n_items (model) : 0;
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, NULL);

  *width = 0;
  *height = 0;
  for (guint i = 0; i < n_choices; i++)
    {
      g_autoptr(GtkStringObject) choice = g_list_model_get_item (model, i);
      int choice_width;

      pango_layout_set_text (layout, gtk_string_object_get_string (choice), -1);
      pango_layout_get_pixel_size (layout, &choice_width, NULL);
      *width = MAX (*width, MIN (choice_width, CHOICE_MAX_WIDTH));
      wraps |= choice_width > CHOICE_MAX_WIDTH;
    }

  pango_layout_set_width (layout, *width * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  for (guint i = 0; i < n_choices; i++)
    {
      g_autoptr(GtkStringObject) choice = g_list_model_get_item (model, i);
      int choice_height;

      pango_layout_set_text (layout, gtk_string_object_get_string (choice), -1);
      pango_layout_get_pixel_size (layout, NULL, &choice_height);
      *height = MAX (*height, choice_height);
    }
  return wraps;
}

static void
on_setup_shown_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* Its natural width is then the room given below, not the length of the text; in that room
   * it sits beside the drop-down arrow, as libadwaita's own rows show their choice. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 1);
  gtk_label_set_xalign (GTK_LABEL (label), 1.0f);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
  gtk_list_item_set_child (item, label);
}

static void
on_bind_shown_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  AdwComboRow              *row)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  int width, height;

  gtk_label_set_label (GTK_LABEL (label),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
  /* A label that wraps has no baseline, and the row would put it at the top: only a choice
   * too wide for one line is worth that. */
  gtk_label_set_wrap (GTK_LABEL (label), measure_choices (row, label, &width, &height));
  gtk_widget_set_size_request (label, width, height);
}

/* The list marks the choice in force with a check mark, as libadwaita's own list does. */
static void
update_check_mark (GtkListItem *item,
                   AdwComboRow *row)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_opacity (check, gtk_list_item_get_position (item) ==
                                   adw_combo_row_get_selected (row) ? 1.0 : 0.0);
}

static void
on_selected_cb (AdwComboRow *row,
                GParamSpec  *pspec,
                GtkListItem *item)
{
  update_check_mark (item, row);
}

static void
on_setup_listed_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (item, box);
}

static void
on_bind_listed_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   AdwComboRow              *row)
{
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));

  gtk_label_set_label (GTK_LABEL (label),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
  update_check_mark (item, row);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (on_selected_cb), item, 0);
}

static void
on_unbind_listed_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     AdwComboRow              *row)
{
  g_signal_handlers_disconnect_by_func (row, on_selected_cb, item);
}

/* Makes @row (whose model is a GtkStringList) show its choices without cutting them off, and
 * keep its size whichever is chosen. */
void
crapette_choice_row_show_whole_choices (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) shown = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) listed = gtk_signal_list_item_factory_new ();

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  g_signal_connect (shown, "setup", G_CALLBACK (on_setup_shown_cb), NULL);
  g_signal_connect (shown, "bind", G_CALLBACK (on_bind_shown_cb), row);
  g_signal_connect (listed, "setup", G_CALLBACK (on_setup_listed_cb), NULL);
  g_signal_connect (listed, "bind", G_CALLBACK (on_bind_listed_cb), row);
  g_signal_connect (listed, "unbind", G_CALLBACK (on_unbind_listed_cb), row);
  adw_combo_row_set_factory (row, shown);
  adw_combo_row_set_list_factory (row, listed);
}
