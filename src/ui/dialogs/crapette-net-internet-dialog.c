/* crapette-net-internet-dialog.c: sign in to XMPP, then invite a friend or join their game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two pages. The first: the account (address, password, remember it), a button that makes
 * an invitation and a row where the friend's invitation is pasted. The second, once the
 * window is connecting: the invitation to copy (for the host), the code to compare and the
 * connection's state, with a button to give up. Signals: "invite", "join" (the invitation
 * text) and "stop".
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "crapette-net-internet-dialog.h"

struct _CrapetteNetInternetDialog
{
  AdwWindow parent_instance;
  GtkStack *stack;
  AdwEntryRow *address_row;
  AdwPasswordEntryRow *password_row;
  AdwActionRow *remember_row;
  GtkSwitch *remember_switch;
  GtkButton *invite_button;
  AdwEntryRow *invitation_row;
  GtkButton *join_button;
  GtkLabel *error_label;
  /* The waiting page */
  GtkLabel *waiting_title;
  GtkLabel *invitation_label;
  GtkButton *copy_button;
  GtkLabel *code_label;
  GtkLabel *connection_label;
  char *invitation;
};

enum { INVITE, JOIN, STOP, N_SIGNALS };

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CrapetteNetInternetDialog, crapette_net_internet_dialog, ADW_TYPE_WINDOW)

static gboolean
address_is_guest (const char *address)
{
  return strchr (address, '@') == NULL;
}

/* The buttons can be pressed once there is an address, a password for an account, and for
 * Join an invitation. */
static void
update_sensitivity (CrapetteNetInternetDialog *self)
{
  g_autofree char *address = crapette_net_internet_dialog_get_address (self);
  const char *password = gtk_editable_get_text (GTK_EDITABLE (self->password_row));
  g_autofree char *invitation = g_strstrip (g_strdup (gtk_editable_get_text (
    GTK_EDITABLE (self->invitation_row))));
  gboolean guest = address_is_guest (address);
  gboolean ready = *address != '\0' && (guest || *password != '\0');

  gtk_widget_set_sensitive (GTK_WIDGET (self->password_row), !guest || *address == '\0');
  gtk_widget_set_sensitive (GTK_WIDGET (self->invite_button), ready);
  gtk_widget_set_sensitive (GTK_WIDGET (self->join_button), ready && *invitation != '\0');
}

static void
on_changed_cb (GtkEditable               *editable,
               CrapetteNetInternetDialog *self)
{
  update_sensitivity (self);
  crapette_net_internet_dialog_show_error (self, NULL);
}

static void
on_invite_clicked_cb (GtkButton                 *button,
                      CrapetteNetInternetDialog *self)
{
  g_signal_emit (self, signals[INVITE], 0);
}

static void
emit_join (CrapetteNetInternetDialog *self)
{
  g_autofree char *invitation = g_strstrip (g_strdup (gtk_editable_get_text (
    GTK_EDITABLE (self->invitation_row))));

  if (gtk_widget_get_sensitive (GTK_WIDGET (self->join_button)))
    g_signal_emit (self, signals[JOIN], 0, invitation);
}

static void
on_join_clicked_cb (GtkButton                 *button,
                    CrapetteNetInternetDialog *self)
{
  emit_join (self);
}

static void
on_invitation_activated_cb (AdwEntryRow               *row,
                            CrapetteNetInternetDialog *self)
{
  emit_join (self);
}

static void
on_copy_clicked_cb (GtkButton                 *button,
                    CrapetteNetInternetDialog *self)
{
  if (self->invitation == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), self->invitation);
  gtk_button_set_label (button, _("Copied"));
}

static void
on_stop_clicked_cb (GtkButton                 *button,
                    CrapetteNetInternetDialog *self)
{
  g_signal_emit (self, signals[STOP], 0);
  gtk_stack_set_visible_child_name (self->stack, "sign-in");
}

static void
crapette_net_internet_dialog_finalize (GObject *object)
{
  CrapetteNetInternetDialog *self = CRAPETTE_NET_INTERNET_DIALOG (object);

  g_free (self->invitation);
  G_OBJECT_CLASS (crapette_net_internet_dialog_parent_class)->finalize (object);
}

static void
crapette_net_internet_dialog_class_init (CrapetteNetInternetDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = crapette_net_internet_dialog_finalize;

  /* The person asked for an invitation to send a friend. */
  signals[INVITE] = g_signal_new ("invite", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The person asked to join the game of the invitation given. */
  signals[JOIN] = g_signal_new ("join", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* The person gave up waiting, back to the first page. */
  signals[STOP] = g_signal_new ("stop", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkLabel *
new_wrapped_label (const char *css_class)
{
  GtkLabel *label = GTK_LABEL (gtk_label_new (NULL));

  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_justify (label, GTK_JUSTIFY_CENTER);
  if (css_class != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (label), css_class);
  return label;
}

static GtkWidget *
new_sign_in_page (CrapetteNetInternetDialog *self)
{
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *account = adw_preferences_group_new ();
  GtkWidget *invite = adw_preferences_group_new ();
  GtkWidget *join = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (account), _("Your XMPP Account"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (account),
                                         _("Sign in with your address and password, or type "
                                           "only a server’s name to sign in as a guest where "
                                           "the server allows it."));
  self->address_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  gtk_widget_set_name (GTK_WIDGET (self->address_row), "xmpp-address");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->address_row), _("Address"));
  g_signal_connect (self->address_row, "changed", G_CALLBACK (on_changed_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (account), GTK_WIDGET (self->address_row));

  self->password_row = ADW_PASSWORD_ENTRY_ROW (adw_password_entry_row_new ());
  gtk_widget_set_name (GTK_WIDGET (self->password_row), "xmpp-password");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->password_row), _("Password"));
  g_signal_connect (self->password_row, "changed", G_CALLBACK (on_changed_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (account), GTK_WIDGET (self->password_row));

  self->remember_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->remember_row),
                                 _("Remember the Password in the Keyring"));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->remember_row), FALSE);
  self->remember_switch = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_name (GTK_WIDGET (self->remember_switch), "xmpp-remember");
  gtk_widget_set_valign (GTK_WIDGET (self->remember_switch), GTK_ALIGN_CENTER);
  gtk_switch_set_active (self->remember_switch, TRUE);
  adw_action_row_add_suffix (self->remember_row, GTK_WIDGET (self->remember_switch));
  adw_action_row_set_activatable_widget (self->remember_row, GTK_WIDGET (self->remember_switch));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (account), GTK_WIDGET (self->remember_row));

  /* An alert, so that a screen reader says why signing in or joining failed. */
  self->error_label = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT,
                                    NULL);
  gtk_widget_set_name (GTK_WIDGET (self->error_label), "xmpp-error");
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_margin_top (GTK_WIDGET (self->error_label), 6);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (account), GTK_WIDGET (self->error_label));

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (invite), _("Invite a Friend"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (invite),
                                         _("Make an invitation and send it to your friend any "
                                           "way you like: a message, an email."));
  self->invite_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Create an Invitation")));
  gtk_widget_set_name (GTK_WIDGET (self->invite_button), "xmpp-invite");
  gtk_widget_add_css_class (GTK_WIDGET (self->invite_button), "pill");
  gtk_widget_add_css_class (GTK_WIDGET (self->invite_button), "suggested-action");
  gtk_widget_set_halign (GTK_WIDGET (self->invite_button), GTK_ALIGN_CENTER);
  g_signal_connect (self->invite_button, "clicked", G_CALLBACK (on_invite_clicked_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (invite), GTK_WIDGET (self->invite_button));

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (join), _("Join a Friend"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (join),
                                         _("Paste the invitation your friend sent you."));
  self->invitation_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  gtk_widget_set_name (GTK_WIDGET (self->invitation_row), "xmpp-invitation");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->invitation_row), _("Invitation"));
  g_signal_connect (self->invitation_row, "changed", G_CALLBACK (on_changed_cb), self);
  g_signal_connect (self->invitation_row, "entry-activated",
                    G_CALLBACK (on_invitation_activated_cb), self);
  self->join_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Join")));
  gtk_widget_set_name (GTK_WIDGET (self->join_button), "xmpp-join");
  gtk_widget_set_valign (GTK_WIDGET (self->join_button), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->join_button), "suggested-action");
  g_signal_connect (self->join_button, "clicked", G_CALLBACK (on_join_clicked_cb), self);
  adw_entry_row_add_suffix (self->invitation_row, GTK_WIDGET (self->join_button));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (join), GTK_WIDGET (self->invitation_row));

  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (account));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (invite));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (join));
  return page;
}

static GtkWidget *
new_waiting_page (CrapetteNetInternetDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *stop;

  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);

  self->waiting_title = new_wrapped_label ("title-2");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->waiting_title));
  self->invitation_label = new_wrapped_label ("monospace");
  gtk_widget_set_name (GTK_WIDGET (self->invitation_label), "xmpp-invitation-text");
  gtk_label_set_selectable (self->invitation_label, TRUE);
  gtk_label_set_wrap_mode (self->invitation_label, PANGO_WRAP_CHAR);
  gtk_label_set_max_width_chars (self->invitation_label, 40);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->invitation_label));
  self->copy_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Copy Invitation")));
  gtk_widget_set_name (GTK_WIDGET (self->copy_button), "xmpp-copy");
  gtk_widget_set_halign (GTK_WIDGET (self->copy_button), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->copy_button), "pill");
  g_signal_connect (self->copy_button, "clicked", G_CALLBACK (on_copy_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->copy_button));
  self->code_label = new_wrapped_label (NULL);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->code_label));
  /* A status, so that a screen reader follows the connection. */
  self->connection_label = g_object_new (GTK_TYPE_LABEL, "accessible-role",
                                         GTK_ACCESSIBLE_ROLE_STATUS, NULL);
  gtk_widget_set_name (GTK_WIDGET (self->connection_label), "xmpp-connection");
  gtk_label_set_wrap (self->connection_label, TRUE);
  gtk_label_set_justify (self->connection_label, GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->connection_label), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->connection_label));
  stop = gtk_button_new_with_mnemonic (_("_Stop Waiting"));
  gtk_widget_set_name (stop, "xmpp-stop");
  gtk_widget_set_halign (stop, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (stop, "pill");
  g_signal_connect (stop, "clicked", G_CALLBACK (on_stop_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), stop);
  return box;
}

static void
crapette_net_internet_dialog_init (CrapetteNetInternetDialog *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("A Friend over the Internet"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 640);
  gtk_box_append (GTK_BOX (content), header);
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_stack_add_named (self->stack, new_sign_in_page (self), "sign-in");
  gtk_stack_add_named (self->stack, new_waiting_page (self), "waiting");
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->stack));
  adw_window_set_content (ADW_WINDOW (self), content);
  update_sensitivity (self);
}

CrapetteNetInternetDialog *
crapette_net_internet_dialog_new (const char *address)
{
  CrapetteNetInternetDialog *self = g_object_new (CRAPETTE_TYPE_NET_INTERNET_DIALOG, NULL);

  if (address != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->address_row), address);
  return self;
}

char *
crapette_net_internet_dialog_get_address (CrapetteNetInternetDialog *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_INTERNET_DIALOG (self), NULL);

  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->address_row))));
}

const char *
crapette_net_internet_dialog_get_password (CrapetteNetInternetDialog *self)
{
  g_autofree char *address = NULL;

  g_return_val_if_fail (CRAPETTE_IS_NET_INTERNET_DIALOG (self), NULL);

  address = crapette_net_internet_dialog_get_address (self);
  if (address_is_guest (address))
    return NULL;
  return gtk_editable_get_text (GTK_EDITABLE (self->password_row));
}

gboolean
crapette_net_internet_dialog_get_remember (CrapetteNetInternetDialog *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_INTERNET_DIALOG (self), FALSE);

  return gtk_widget_get_sensitive (GTK_WIDGET (self->remember_switch)) &&
         gtk_switch_get_active (self->remember_switch);
}

void
crapette_net_internet_dialog_set_password (CrapetteNetInternetDialog *self,
                                           const char                *password)
{
  g_return_if_fail (CRAPETTE_IS_NET_INTERNET_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->password_row), password != NULL ? password : "");
}

void
crapette_net_internet_dialog_set_keyring_problem (CrapetteNetInternetDialog *self,
                                                  const char                *message)
{
  g_return_if_fail (CRAPETTE_IS_NET_INTERNET_DIALOG (self));

  gtk_switch_set_active (self->remember_switch, FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->remember_switch), FALSE);
  adw_action_row_set_subtitle (self->remember_row, message);
}

void
crapette_net_internet_dialog_show_error (CrapetteNetInternetDialog *self,
                                         const char                *message)
{
  g_return_if_fail (CRAPETTE_IS_NET_INTERNET_DIALOG (self));

  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
  if (message != NULL)
    gtk_stack_set_visible_child_name (self->stack, "sign-in");
}

void
crapette_net_internet_dialog_show_waiting (CrapetteNetInternetDialog *self,
                                           const char                *invitation,
                                           const char                *code)
{
  g_autofree char *code_text = NULL;

  g_return_if_fail (CRAPETTE_IS_NET_INTERNET_DIALOG (self));

  g_free (self->invitation);
  self->invitation = g_strdup (invitation);
  gtk_label_set_text (self->waiting_title, invitation != NULL ? _("Waiting for Your Friend")
                                                              : _("Joining Your Friend"));
  gtk_label_set_text (self->invitation_label, invitation != NULL ? invitation : "");
  gtk_widget_set_visible (GTK_WIDGET (self->invitation_label), invitation != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->copy_button), invitation != NULL);
  gtk_button_set_label (self->copy_button, _("_Copy Invitation"));
  /* TRANSLATORS: the code both players read aloud to be sure they reached each other */
  code_text = g_strdup_printf (_("Code to compare: %s"), code);
  gtk_label_set_text (self->code_label, code_text);
  gtk_label_set_text (self->connection_label, "");
  gtk_stack_set_visible_child_name (self->stack, "waiting");
}

void
crapette_net_internet_dialog_set_connection (CrapetteNetInternetDialog *self,
                                             const char                *text)
{
  g_return_if_fail (CRAPETTE_IS_NET_INTERNET_DIALOG (self));

  gtk_label_set_text (self->connection_label, text);
}

const char *
crapette_net_internet_dialog_get_invitation (CrapetteNetInternetDialog *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_INTERNET_DIALOG (self), NULL);

  return self->invitation;
}
