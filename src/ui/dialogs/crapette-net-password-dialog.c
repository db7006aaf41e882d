/* crapette-net-password-dialog.c: the account's password, asked to rejoin a match over the
 * internet after a restart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A match over the internet signed in with an account is taken up again by signing in
 * again; without a password in the keyring, or with one the server refused, this dialog asks
 * for it. It names the friend and the account, offers to remember the password as the
 * internet dialog does (crapette-net-internet-dialog.c, whose words and rows it shares), and
 * says why the last password was refused. Enter rejoins.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-net-password-dialog.h"

#define PASSWORD_ROW_KEY "crapette-password-row"
#define REMEMBER_ROW_KEY "crapette-remember-row"
#define REMEMBER_SWITCH_KEY "crapette-remember-switch"
#define ERROR_LABEL_KEY "crapette-error-label"

static GtkWidget *
get_part (AdwMessageDialog *dialog,
          const char       *key)
{
  return g_object_get_data (G_OBJECT (dialog), key);
}

/* Rejoin asks the server only once there is a password to give it. */
static void
on_password_changed_cb (GtkEditable      *editable,
                        AdwMessageDialog *dialog)
{
  adw_message_dialog_set_response_enabled (dialog, "rejoin",
                                           *gtk_editable_get_text (editable) != '\0');
}

/* The dialog opens on the password, so that typing it and Enter are all it takes. */
static void
on_map_cb (GtkWidget *dialog,
           GtkWidget *row)
{
  gtk_widget_grab_focus (row);
}

AdwMessageDialog *
crapette_net_password_dialog_new (GtkWindow  *parent,
                                  const char *friend,
                                  const char *address)
{
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *password_row, *remember_row, *remember_switch, *error_label;

  g_return_val_if_fail (address != NULL, NULL);

  /* TRANSLATORS: %1$s is the XMPP account, as alice@example.org; %2$s the friend's name */
  body = g_strdup_printf (_("Type the password of %1$s to sign in again and play on with %2$s."),
                          address, friend != NULL ? friend : "");
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Rejoin Your Network Match"),
                                                       body));
  gtk_widget_set_name (GTK_WIDGET (dialog), "net-password");
  /* A response hides the dialog, and the window shows it again to ask again. Destroyed while
   * Enter in its entry was still being handled, as a response does, libadwaita 1.2's entry
   * row went on with a text already freed, and the program crashed. */
  gtk_window_set_hide_on_close (GTK_WINDOW (dialog), TRUE);
  adw_message_dialog_add_responses (dialog, "later", _("_Later"), "new-game", _("_New Game"),
                                    "rejoin", _("_Rejoin"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "rejoin", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "rejoin");
  adw_message_dialog_set_close_response (dialog, "later");
  adw_message_dialog_set_response_enabled (dialog, "rejoin", FALSE);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  password_row = adw_password_entry_row_new ();
  gtk_widget_set_name (password_row, "xmpp-password");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (password_row), _("Password"));
  /* Enter presses Rejoin, the default response. */
  adw_entry_row_set_activates_default (ADW_ENTRY_ROW (password_row), TRUE);
  g_signal_connect (password_row, "changed", G_CALLBACK (on_password_changed_cb), dialog);
  gtk_list_box_append (GTK_LIST_BOX (list), password_row);

  remember_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (remember_row),
                                 _("Remember the Password in the Keyring"));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (remember_row), FALSE);
  remember_switch = gtk_switch_new ();
  gtk_widget_set_name (remember_switch, "xmpp-remember");
  gtk_widget_set_valign (remember_switch, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (remember_switch), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (remember_row), remember_switch);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (remember_row), remember_switch);
  gtk_list_box_append (GTK_LIST_BOX (list), remember_row);
  gtk_box_append (GTK_BOX (box), list);

  /* An alert, so that a screen reader says why the password was refused. */
  error_label = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT,
                              NULL);
  gtk_widget_set_name (error_label, "xmpp-error");
  gtk_label_set_wrap (GTK_LABEL (error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (error_label), 0);
  gtk_widget_add_css_class (error_label, "error");
  gtk_widget_set_visible (error_label, FALSE);
  gtk_box_append (GTK_BOX (box), error_label);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (password_row),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, error_label, NULL, -1);
  adw_message_dialog_set_extra_child (dialog, box);

  g_object_set_data (G_OBJECT (dialog), PASSWORD_ROW_KEY, password_row);
  g_object_set_data (G_OBJECT (dialog), REMEMBER_ROW_KEY, remember_row);
  g_object_set_data (G_OBJECT (dialog), REMEMBER_SWITCH_KEY, remember_switch);
  g_object_set_data (G_OBJECT (dialog), ERROR_LABEL_KEY, error_label);
  g_signal_connect_after (dialog, "map", G_CALLBACK (on_map_cb), password_row);
  return dialog;
}

const char *
crapette_net_password_dialog_get_password (AdwMessageDialog *dialog)
{
  g_return_val_if_fail (ADW_IS_MESSAGE_DIALOG (dialog), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (get_part (dialog, PASSWORD_ROW_KEY)));
}

void
crapette_net_password_dialog_clear (AdwMessageDialog *dialog)
{
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));

  gtk_editable_set_text (GTK_EDITABLE (get_part (dialog, PASSWORD_ROW_KEY)), "");
}

gboolean
crapette_net_password_dialog_get_remember (AdwMessageDialog *dialog)
{
  GtkWidget *remember;

  g_return_val_if_fail (ADW_IS_MESSAGE_DIALOG (dialog), FALSE);

  remember = get_part (dialog, REMEMBER_SWITCH_KEY);
  return gtk_widget_get_sensitive (remember) && gtk_switch_get_active (GTK_SWITCH (remember));
}

void
crapette_net_password_dialog_set_keyring_problem (AdwMessageDialog *dialog,
                                                  const char       *message)
{
  GtkWidget *remember;

  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));

  remember = get_part (dialog, REMEMBER_SWITCH_KEY);
  gtk_switch_set_active (GTK_SWITCH (remember), FALSE);
  gtk_widget_set_sensitive (remember, FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (get_part (dialog, REMEMBER_ROW_KEY)), message);
}

void
crapette_net_password_dialog_show_error (AdwMessageDialog *dialog,
                                         const char       *message)
{
  GtkWidget *label, *row;

  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));

  label = get_part (dialog, ERROR_LABEL_KEY);
  row = get_part (dialog, PASSWORD_ROW_KEY);
  gtk_label_set_text (GTK_LABEL (label), message != NULL ? message : "");
  gtk_widget_set_visible (label, message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class (row, "error");
  else
    gtk_widget_remove_css_class (row, "error");
}
