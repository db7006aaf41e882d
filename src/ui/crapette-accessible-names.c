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
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-accessible-names.h"

#include <string.h>

/* Names every button with a mnemonic under @root by its label's words. */
void
crapette_accessible_names_fix (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_BUTTON (root) && gtk_button_get_use_underline (GTK_BUTTON (root)) &&
      gtk_button_get_label (GTK_BUTTON (root)) != NULL &&
      strchr (gtk_button_get_label (GTK_BUTTON (root)), '_') != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL);

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

  if (GTK_IS_NATIVE (widget))
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
