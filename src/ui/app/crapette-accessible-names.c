/* crapette-accessible-names.c: buttons named by their words, not by their mnemonics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 names a button with a mnemonic twice: its own label as written,
 * underscore and all, then the label inside it, so that a screen reader says
 * "underscore New Game New Game". The label inside is right on its own, so
 * each such button drops the first. libadwaita builds buttons of its own the
 * same way (the dialogs' responses), so every window, popover and dialog is
 * put right as it is shown, whoever built it.
 *
 * GTK 4.8 also names a widget that has no name by its type ("GtkSearchEntry",
 * "AdwViewSwitcher"); the parts of GTK's and libadwaita's own widgets that a
 * person moves to get a name here from what a sighted person sees beside them.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-accessible-names.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <string.h>

static void
set_name (GtkWidget  *widget,
          const char *name)
{
  if (name != NULL && name[0] != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                    -1);
}

/* The title of the combo row around @widget without its mnemonic, or %NULL. */
static char *
combo_row_title (GtkWidget *widget)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_COMBO_ROW);
  g_autoptr(GString) title = NULL;

  if (row == NULL || adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)) == NULL)
    return NULL;
  title = g_string_new (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
  if (adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (row)))
    g_string_replace (title, "_", "", 0);
  return g_string_free (g_steal_pointer (&title), FALSE);
}

static gboolean
has_group_title (GtkWidget *widget)
{
  GtkWidget *group = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_GROUP);
  const char *title = group != NULL ? adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group))
                                    : NULL;

  return title != NULL && title[0] != '\0';
}

static gboolean
shows_icon (GtkWidget  *button,
            const char *icon)
{
  GtkWidget *child = GTK_IS_BUTTON (button) ? gtk_button_get_child (GTK_BUTTON (button)) : NULL;

  return child != NULL && GTK_IS_IMAGE (child) &&
         g_strcmp0 (gtk_image_get_icon_name (GTK_IMAGE (child)), icon) == 0;
}

/* An empty label would be read by its type's name: it is out of screen readers' way until
 * it has words. */
static void
hide_while_empty (GtkLabel *label)
{
  const char *text = gtk_label_get_text (label);

  gtk_accessible_update_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_HIDDEN,
                               text == NULL || text[0] == '\0', -1);
}

static void
fix_widget (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && g_object_get_data (G_OBJECT (widget), "crapette-hide") == NULL)
    {
      g_object_set_data (G_OBJECT (widget), "crapette-hide", GINT_TO_POINTER (1));
      g_signal_connect (widget, "notify::label", G_CALLBACK (hide_while_empty), NULL);
      hide_while_empty (GTK_LABEL (widget));
      return;
    }

  if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget)) &&
      gtk_button_get_label (GTK_BUTTON (widget)) != NULL &&
      strchr (gtk_button_get_label (GTK_BUTTON (widget)), '_') != NULL)
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
    }
  else if (GTK_IS_SEARCH_ENTRY (widget) || shows_icon (widget, "edit-find-symbolic"))
    {
      set_name (widget, _("Search"));
    }
  else if (ADW_IS_VIEW_SWITCHER (widget))
    {
      set_name (widget, _("Pages"));
    }
  else if (GTK_IS_LIST_VIEW (widget))
    {
      g_autofree char *title = combo_row_title (widget);

      set_name (widget, title);
    }
  else if ((GTK_IS_LIST_BOX (widget) && !has_group_title (widget)) || GTK_IS_TEXT_VIEW (widget))
    {
      /* A titled group's list is named by the group's title already; any other list, or
       * a text filling a page, is the window's. */
      GtkRoot *root = gtk_widget_get_root (widget);

      if (GTK_IS_WINDOW (root))
        set_name (widget, gtk_window_get_title (GTK_WINDOW (root)));
    }
  else if (GTK_IS_POPOVER (widget) && gtk_widget_get_parent (widget) != NULL)
    {
      set_name (widget, gtk_widget_get_tooltip_text (gtk_widget_get_parent (widget)));
    }
  else if (GTK_IS_MENU_BUTTON (widget) && gtk_widget_get_tooltip_text (widget) == NULL)
    {
      set_name (widget, _("Menu"));
    }
  else if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) == NULL)
    {
      GtkWidget *child = gtk_button_get_child (GTK_BUTTON (widget));

      /* Words put in by hand name it; an icon alone has its tooltip to say what it does,
       * and a toast's close button, which has none, what it does. */
      if (child != NULL && GTK_IS_LABEL (child))
        set_name (widget, gtk_label_get_text (GTK_LABEL (child)));
      else if (gtk_widget_get_tooltip_text (widget) == NULL &&
               shows_icon (widget, "window-close-symbolic"))
        set_name (widget, _("Close"));
      else
        set_name (widget, gtk_widget_get_tooltip_text (widget));
    }
}

/* Names every button with a mnemonic under @root by its label's words. */
void
crapette_accessible_names_fix (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  fix_widget (root);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    crapette_accessible_names_fix (child);
}

static gboolean
on_map_hook (GSignalInvocationHint *hint,
             guint                  n_values,
             const GValue          *values,
             gpointer               data)
{
  GObject *widget = g_value_get_object (&values[0]);

  /* A toast comes into a window already shown: its close button is named as it is. */
  if (GTK_IS_NATIVE (widget) || g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget"))
    crapette_accessible_names_fix (GTK_WIDGET (widget));
  return TRUE;
}

/* Names every button with a mnemonic by its label's words in each window, popover or dialog
 * as it is shown, from now on. */
void
crapette_accessible_names_install (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      gpointer widget_class = g_type_class_ref (GTK_TYPE_WIDGET);
      guint map_signal = g_signal_lookup ("map", GTK_TYPE_WIDGET);

      g_type_class_unref (widget_class);
      g_signal_add_emission_hook (map_signal, 0, on_map_hook, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
}
