/* crapette-net-host-dialog.c: the host's wait for a friend, with the address to give and the
 * code to compare
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The code is derived from the host's certificate: when both screens show the same one, no
 * one in between poses as the host. It is shown while waiting, so the host can read it out,
 * and again, larger, once the friend has joined.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-net-host-dialog.h"

#include "crapette-locale.h"

static void
on_copy_clicked_cb (GtkButton        *button,
                    AdwMessageDialog *dialog)
{
  const char *address = crapette_net_host_dialog_get_address (dialog);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (dialog)), address);
  gtk_button_set_label (button, _("Copied"));
}

AdwMessageDialog *
crapette_net_host_dialog_new (GtkWindow  *parent,
                              const char *address,
                              const char *code)
{
  AdwMessageDialog *dialog;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *address_label;
  GtkWidget *copy;
  g_autofree char *code_text = NULL;
  g_autofree char *shown_code = crapette_locale_localize_digits (code);

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Waiting for Your Friend"),
                                                       _("Give your friend this address. "
                                                         "They choose Join a Friend’s Game "
                                                         "and paste it.")));
  adw_message_dialog_add_response (dialog, "cancel", _("_Stop Waiting"));
  adw_message_dialog_set_close_response (dialog, "cancel");
  adw_message_dialog_set_default_response (dialog, "cancel");

  if (address != NULL)
    {
      address_label = gtk_label_new (address);
      gtk_widget_set_name (address_label, "join-address");
      gtk_label_set_selectable (GTK_LABEL (address_label), TRUE);
      gtk_label_set_wrap (GTK_LABEL (address_label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (address_label), PANGO_WRAP_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (address_label), 40);
      gtk_widget_add_css_class (address_label, "monospace");
      gtk_box_append (GTK_BOX (box), address_label);
      copy = gtk_button_new_with_mnemonic (_("_Copy Address"));
      gtk_widget_set_halign (copy, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (copy, "pill");
      g_signal_connect (copy, "clicked", G_CALLBACK (on_copy_clicked_cb), dialog);
      gtk_box_append (GTK_BOX (box), copy);
      g_object_set_data_full (G_OBJECT (dialog), "crapette-address", g_strdup (address), g_free);
    }
  /* TRANSLATORS: the code both players read aloud to be sure they reached each other */
  code_text = g_strdup_printf (_("Code to compare: %s"), shown_code);
  g_object_set_data (G_OBJECT (dialog), "crapette-code-label", gtk_label_new (code_text));
  gtk_box_append (GTK_BOX (box), g_object_get_data (G_OBJECT (dialog), "crapette-code-label"));
  adw_message_dialog_set_extra_child (dialog, box);
  return dialog;
}

void
crapette_net_host_dialog_set_joined (AdwMessageDialog *dialog,
                                     const char       *code)
{
  GtkWidget *code_label;
  /* In the language's digits; in Persian the first group stands on the right, where a Persian
   * reader begins, so both players read the groups in the same order. */
  g_autofree char *shown_code = NULL;

  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));

  shown_code = crapette_locale_localize_digits (code);

  code_label = g_object_get_data (G_OBJECT (dialog), "crapette-code-label");
  adw_message_dialog_set_heading (dialog, _("Compare the Code"));
  adw_message_dialog_set_body (dialog, _("Your friend’s screen shows the same code. If it does "
                                         "not, someone else answered: stop the game."));
  gtk_label_set_text (GTK_LABEL (code_label), shown_code);
  gtk_widget_add_css_class (code_label, "title-1");
  gtk_widget_set_name (code_label, "compare-code");
  adw_message_dialog_add_response (dialog, "play", _("_Play"));
  adw_message_dialog_set_response_appearance (dialog, "play", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "play");
  adw_message_dialog_set_close_response (dialog, "play");
  adw_message_dialog_set_response_label (dialog, "cancel", _("_Stop the Game"));
  adw_message_dialog_set_response_appearance (dialog, "cancel", ADW_RESPONSE_DESTRUCTIVE);
}

const char *
crapette_net_host_dialog_get_address (AdwMessageDialog *dialog)
{
  g_return_val_if_fail (ADW_IS_MESSAGE_DIALOG (dialog), NULL);

  return g_object_get_data (G_OBJECT (dialog), "crapette-address");
}
