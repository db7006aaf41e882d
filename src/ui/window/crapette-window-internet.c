/* crapette-window-internet.c: a friend over the internet, through XMPP
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The internet dialog (crapette-net-internet-dialog.c) takes the person's XMPP account;
 * here the host makes an invitation, a room on the chat service of their server
 * (crapette-invitation.c), and the friend reads the one they were sent. Both then sign in
 * and join the room through the XMPP carrier (crapette-xmpp-transport.c), and the window's
 * network match (crapette-window-net.c) seats the friend. The dialog follows the
 * connection until the friend's program answers; then the code to compare comes up, as on
 * the same network.
 *
 * The settings keep the address ("xmpp-address"), where to connect ("xmpp-server") and the
 * chat service ("xmpp-rooms"); the password only ever goes to the keyring
 * (crapette-keyring.c), and only if the person asks for it.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-net-carrier.h"
#include "crapette-invitation.h"
#include "crapette-keyring.h"
#include "crapette-net-internet-dialog.h"
#include "crapette-xmpp-disco.h"
#include "crapette-xmpp-transport.h"
#include "crapette-window-private.h"

/* The transport the dialog follows (compared, never dereferenced from here). */
#define TRANSPORT_KEY "crapette-internet-transport"
#define DIALOG_KEY "crapette-internet-dialog"
/* The question to the server for its chat service, while it is out (a GCancellable). */
#define ROOMS_LOOKUP_KEY "crapette-rooms-lookup"

static CrapetteNetInternetDialog *
get_dialog (CrapetteWindow *self)
{
  return g_object_get_data (G_OBJECT (self), DIALOG_KEY);
}

GtkWindow *
crapette_window_internet_get_dialog (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return GTK_WINDOW (get_dialog (self));
}

static char *
get_setting (CrapetteWindow *self,
             const char     *key)
{
  return self->settings != NULL ? g_settings_get_string (self->settings, key) : g_strdup ("");
}

static void
free_weak_ref (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GWeakRef, free_weak_ref)

/* The server's name in @address: after the "@" of an account, or the whole of a guest's. */
static const char *
address_domain (const char *address)
{
  const char *at = strchr (address, '@');

  return at != NULL ? at + 1 : address;
}

/* Reads "host" or "host:port" (or "[v6]:port") into @host and @port; %FALSE if it is
 * neither. */
static gboolean
parse_server (const char  *text,
              char       **host,
              guint16     *port)
{
  g_autoptr (GSocketConnectable) address = NULL;

  *host = NULL;
  *port = 0;
  if (*text == '\0')
    return TRUE;
  address = g_network_address_parse (text, 0, NULL);
  if (address == NULL)
    return FALSE;
  *host = g_strdup (g_network_address_get_hostname (G_NETWORK_ADDRESS (address)));
  *port = g_network_address_get_port (G_NETWORK_ADDRESS (address));
  return TRUE;
}

/* ---- Following the connection ------------------------------------------------------ */

static void
on_transport_state_cb (CrapetteTransport *transport,
                       GParamSpec        *pspec,
                       CrapetteWindow    *self)
{
  CrapetteNetInternetDialog *dialog = get_dialog (self);
  const char *error = crapette_transport_get_error (transport);
  g_autofree char *text = NULL;

  /* Only the connection this dialog started: the one of the match before, closed as the new
   * one starts, said "The connection was closed." over a new invitation. */
  if (dialog == NULL || g_object_get_data (G_OBJECT (dialog), TRANSPORT_KEY) != transport)
    return;
  switch (crapette_transport_get_state (transport))
    {
    case CRAPETTE_TRANSPORT_CONNECTING:
      text = g_strdup (_("Signing in…"));
      break;
    case CRAPETTE_TRANSPORT_CONNECTED:
      text = g_strdup (_("Signed in and in the game’s room: waiting for your friend’s program "
                         "to answer…"));
      break;
    case CRAPETTE_TRANSPORT_RECONNECTING:
      text = error != NULL
        /* TRANSLATORS: %s says what went wrong with the connection */
        ? g_strdup_printf (_("Connection lost (%s); trying again…"), error)
        : g_strdup (_("Connection lost; trying again…"));
      break;
    case CRAPETTE_TRANSPORT_CLOSED:
    default:
      /* Signing in refused, the room refused: back to the account, with the reason. */
      crapette_net_internet_dialog_show_error (dialog,
                                               error != NULL ? error
                                                             : _("The connection was closed."));
      return;
    }
  crapette_net_internet_dialog_set_connection (dialog, text);
}

/* The friend's program answered: the dialog has done its work, and the window's network
 * match shows the code to compare. */
static void
on_peer_present_cb (CrapetteNetPeer *peer,
                    GParamSpec      *pspec,
                    CrapetteWindow  *self)
{
  CrapetteNetInternetDialog *dialog = get_dialog (self);

  if (crapette_net_peer_get_peer_present (peer) && dialog != NULL)
    {
      /* Only this handler: the window's network match follows the same peer with handlers
       * of its own (short messages, the end, rematches), on the same window. */
      g_signal_handlers_disconnect_by_func (peer, on_peer_present_cb, self);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
}

/* ---- Signing in -------------------------------------------------------------------- */

static void
on_keyring_stored_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      data)
{
  GWeakRef *window_ref = data;
  g_autoptr (CrapetteWindow) self = g_weak_ref_get (window_ref);
  g_autoptr (GError) error = NULL;

  g_weak_ref_clear (window_ref);
  g_free (window_ref);
  if (crapette_keyring_store_finish (result, &error))
    return;
  g_message ("The password was not remembered: %s", error->message);
  /* The person asked for it to be kept: they are told it was not, or the next start would
   * ask for it unexpectedly. */
  if (self != NULL)
    crapette_window_show_toast_for (self, _("Your password could not be kept in the keyring: "
                                            "it will be asked for again next time"), 8);
}

void
crapette_window_keep_password (CrapetteWindow *self,
                               const char     *address,
                               const char     *password)
{
  GWeakRef *window_ref = g_new0 (GWeakRef, 1);

  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  g_weak_ref_init (window_ref, self);
  crapette_keyring_store (address, password, NULL, on_keyring_stored_cb, window_ref);
}

/* Keeps the address in the settings, and the password in the keyring if asked (or forgets
 * one kept before if not). */
static void
remember_account (CrapetteWindow            *self,
                  CrapetteNetInternetDialog *dialog,
                  const char                *address)
{
  const char *password = crapette_net_internet_dialog_get_password (dialog);

  if (self->settings != NULL)
    g_settings_set_string (self->settings, "xmpp-address", address);
  if (password == NULL)
    return;
  if (crapette_net_internet_dialog_get_remember (dialog))
    crapette_window_keep_password (self, address, password);
  else
    crapette_keyring_forget (address);
}

/* Signs in with the dialog's account and joins @invitation's room in @role. */
static gboolean
connect_to_room (CrapetteWindow            *self,
                 CrapetteNetInternetDialog *dialog,
                 CrapetteInvitation        *invitation,
                 CrapetteNetRole            role,
                 GError                   **error)
{
  g_autofree char *address = crapette_net_internet_dialog_get_address (dialog);
  g_autofree char *server = get_setting (self, "xmpp-server");
  g_autofree char *host = NULL;
  g_autofree char *name = get_setting (self, "south-name");
  CrapetteXmppAccount account = { 0 };
  CrapetteXmppTransport *transport;
  CrapetteNetPeer *peer;
  g_autofree char *carrier = NULL;

  if (!parse_server (g_strstrip (server), &host, &account.port))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The server to connect to in Preferences, “%s”, is not a host name "
                     "with an optional port."), server);
      return FALSE;
    }
  account.jid = address;
  account.password = crapette_net_internet_dialog_get_password (dialog);
  account.host = host;
  remember_account (self, dialog, address);

  transport = crapette_xmpp_transport_new (&account, crapette_invitation_get_room (invitation),
                                           *name != '\0' ? name : g_get_real_name ());
  g_object_set_data (G_OBJECT (dialog), TRANSPORT_KEY, transport);
  g_signal_connect_object (transport, "notify::state", G_CALLBACK (on_transport_state_cb),
                           self, 0);
  crapette_net_internet_dialog_show_waiting (dialog,
                                             role == CRAPETTE_NET_ROLE_HOST
                                               ? crapette_invitation_get_uri (invitation) : NULL,
                                             crapette_invitation_get_code (invitation));
  /* Kept on disk to rejoin after a restart: the account and the room, never the password. */
  carrier = crapette_net_carrier_format_xmpp (&account, crapette_invitation_get_room (invitation),
                                              *name != '\0' ? name : g_get_real_name ());
  crapette_window_net_start (self, CRAPETTE_TRANSPORT (transport), role,
                             crapette_invitation_get_key (invitation),
                             crapette_invitation_get_code (invitation), carrier);
  on_transport_state_cb (CRAPETTE_TRANSPORT (transport), NULL, self);
  peer = crapette_window_net_get_peer (self);
  g_signal_connect_object (peer, "notify::peer-present", G_CALLBACK (on_peer_present_cb),
                           self, 0);
  return TRUE;
}

/* Checks the address: a guest's is a server's name alone. */
static gboolean
check_address (const char  *address,
               GError     **error)
{
  const char *domain = address_domain (address);

  if (*domain == '\0' || strchr (domain, '@') != NULL || strchr (domain, ' ') != NULL ||
      strchr (domain, '/') != NULL || domain == address + 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not an XMPP address: write it as name@example.org, or only "
                     "example.org to sign in as a guest."), address);
      return FALSE;
    }
  return TRUE;
}

/* Makes the invitation, a room on @service, and goes into it. */
static void
invite_on (CrapetteWindow            *self,
           CrapetteNetInternetDialog *dialog,
           const char                *service)
{
  g_autoptr (CrapetteInvitation) invitation = NULL;
  g_autoptr (GError) error = NULL;

  invitation = crapette_invitation_new (service, &error);
  if (invitation == NULL || !connect_to_room (self, dialog, invitation, CRAPETTE_NET_ROLE_HOST,
                                              &error))
    crapette_net_internet_dialog_show_error (dialog, error->message);
}

static void
on_rooms_found_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr (GWeakRef) ref = data;
  g_autoptr (CrapetteWindow) self = g_weak_ref_get (ref);
  g_autofree char *service = crapette_xmpp_disco_find_rooms_finish (result, NULL);
  GCancellable *lookup;
  CrapetteNetInternetDialog *dialog;

  if (self == NULL)
    return;
  lookup = g_object_get_data (G_OBJECT (self), ROOMS_LOOKUP_KEY);
  if (lookup == NULL || g_cancellable_is_cancelled (lookup))
    {
      g_object_set_data (G_OBJECT (self), ROOMS_LOOKUP_KEY, NULL);
      return;
    }
  g_object_set_data (G_OBJECT (self), ROOMS_LOOKUP_KEY, NULL);
  dialog = get_dialog (self);
  if (dialog != NULL)
    invite_on (self, dialog, service);
}

/* With no chat service in the settings, the server is asked for its own (XEP-0030), and
 * "conference." and its domain are guessed only when it names none. */
static void
find_rooms (CrapetteWindow            *self,
            CrapetteNetInternetDialog *dialog,
            const char                *address)
{
  g_autofree char *server = get_setting (self, "xmpp-server");
  g_autofree char *host = NULL;
  CrapetteXmppAccount account = { 0 };
  GWeakRef *ref;
  GCancellable *lookup;

  if (g_object_get_data (G_OBJECT (self), ROOMS_LOOKUP_KEY) != NULL)
    return;  /* asked already: the answer is on its way */
  if (!parse_server (g_strstrip (server), &host, &account.port))
    {
      /* connect_to_room() says what is wrong with the setting. */
      g_autofree char *guess = crapette_xmpp_disco_guess_rooms (address);

      invite_on (self, dialog, guess);
      return;
    }
  account.jid = address;
  account.password = crapette_net_internet_dialog_get_password (dialog);
  account.host = host;
  lookup = g_cancellable_new ();
  g_object_set_data_full (G_OBJECT (self), ROOMS_LOOKUP_KEY, lookup, g_object_unref);
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  crapette_net_internet_dialog_set_connection (dialog, _("Signing in…"));
  crapette_xmpp_disco_find_rooms_async (&account, lookup, on_rooms_found_cb, ref);
}

static void
on_invite_cb (CrapetteNetInternetDialog *dialog,
              CrapetteWindow            *self)
{
  g_autofree char *address = crapette_net_internet_dialog_get_address (dialog);
  g_autofree char *rooms = get_setting (self, "xmpp-rooms");
  g_autoptr (GError) error = NULL;

  if (!check_address (address, &error))
    {
      crapette_net_internet_dialog_show_error (dialog, error->message);
      return;
    }
  g_strstrip (rooms);
  if (*rooms != '\0')
    invite_on (self, dialog, rooms);
  else
    find_rooms (self, dialog, address);
}

static void
on_join_cb (CrapetteNetInternetDialog *dialog,
            const char                *text,
            CrapetteWindow            *self)
{
  g_autofree char *address = crapette_net_internet_dialog_get_address (dialog);
  g_autoptr (CrapetteInvitation) invitation = NULL;
  g_autoptr (GError) error = NULL;

  if (!check_address (address, &error))
    {
      crapette_net_internet_dialog_show_error (dialog, error->message);
      return;
    }
  invitation = crapette_invitation_parse (text, &error);
  if (invitation == NULL || !connect_to_room (self, dialog, invitation, CRAPETTE_NET_ROLE_GUEST,
                                              &error))
    crapette_net_internet_dialog_show_error (dialog, error->message);
}

static void
on_stop_cb (CrapetteNetInternetDialog *dialog,
            CrapetteWindow            *self)
{
  crapette_window_net_stop (self);
}

static void
on_dialog_destroy_cb (GtkWidget      *dialog,
                      CrapetteWindow *self)
{
  CrapetteNetPeer *peer = crapette_window_net_get_peer (self);

  if (get_dialog (self) != CRAPETTE_NET_INTERNET_DIALOG (dialog))
    return;
  g_object_set_data (G_OBJECT (self), DIALOG_KEY, NULL);
  /* Closed before the friend came: nobody is waiting any more. */
  if (peer != NULL && !crapette_net_peer_get_peer_present (peer) &&
      crapette_net_peer_get_state (peer) < CRAPETTE_NET_PEER_PLAYING)
    crapette_window_net_stop (self);
}


static void
on_password_found_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      data)
{
  g_autoptr (GWeakRef) ref = data;
  g_autoptr (CrapetteNetInternetDialog) dialog = g_weak_ref_get (ref);
  g_autoptr (GError) error = NULL;
  g_autofree char *password = crapette_keyring_lookup_finish (result, &error);

  if (dialog == NULL)
    return;
  if (error != NULL)
    {
      /* The keyring's own words (D-Bus's, often) are for the log, not for people. */
      g_message ("The keyring cannot be reached: %s", error->message);
      crapette_net_internet_dialog_set_keyring_problem (
        dialog, _("No keyring answered on this computer, so the password cannot be "
                  "remembered: it is asked for each time you sign in."));
    }
  else if (password != NULL)
    crapette_net_internet_dialog_set_password (dialog, password);
}

static void
action_internet (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  CrapetteNetInternetDialog *dialog = get_dialog (self);
  g_autofree char *address = NULL;
  GWeakRef *ref;

  if (dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  address = get_setting (self, "xmpp-address");
  dialog = crapette_net_internet_dialog_new (address);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "invite", G_CALLBACK (on_invite_cb), self, 0);
  g_signal_connect_object (dialog, "join", G_CALLBACK (on_join_cb), self, 0);
  g_signal_connect_object (dialog, "stop", G_CALLBACK (on_stop_cb), self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_dialog_destroy_cb), self, 0);
  g_object_set_data (G_OBJECT (self), DIALOG_KEY, dialog);
  crapette_window_hold_computer_behind (self, GTK_WINDOW (dialog));

  /* The keyring answers later, or says it cannot; the dialog is usable meanwhile. */
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, dialog);
  crapette_keyring_lookup (*address != '\0' ? address : NULL, NULL, on_password_found_cb, ref);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
crapette_window_class_init_internet (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.net-internet", NULL, action_internet);
}
