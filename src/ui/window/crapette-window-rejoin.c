/* crapette-window-rejoin.c: taking a network match up again after a restart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The saved game of a network match comes back with the friend's seat theirs, and the window
 * rejoins the friend over the transport the match kept on disk names (docs/network.md
 * "Taking a match up again"): the same address for a game on this network, the same account
 * and room over the internet. An account's password is looked up in the keyring, and asked
 * for when none is kept there or the server refuses it; the table waits meanwhile.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-keyring.h"
#include "crapette-net-carrier.h"
#include "crapette-net-password-dialog.h"
#include "crapette-net-status.h"
#include "crapette-window-net-private.h"

/* A match over the internet signed in with an account, taken up again: until the server has
 * let this copy sign in, its password may have to be asked for (none kept in the keyring, or
 * one the server refused). The table waits meanwhile; Later keeps the match for the next try. */
struct _CrapetteWindowRejoin
{
  CrapetteNetRole role;
  char *carrier;
  char *address;               /* the account, as alice@example.org */
  gboolean keyring_out;        /* no keyring answered: nothing can be remembered */
  gboolean typed;              /* the password being tried is the one the person typed */
  char *to_remember;           /* ...and it goes to the keyring once the server took it */
  char *refusal;               /* why the last password did not sign in, or %NULL */
  gboolean signing_in;         /* a password went to the server, not answered yet */
  AdwMessageDialog *dialog;    /* asking for the password */
};

static void
forget_password (char **password)
{
  if (*password != NULL)
    memset (*password, 0, strlen (*password));
  g_clear_pointer (password, g_free);
}

void
crapette_window_rejoin_end (CrapetteWindow *self)
{
  CrapetteWindowRejoin *rejoin = self->net->rejoin;

  if (rejoin == NULL)
    return;
  self->net->rejoin = NULL;
  if (rejoin->dialog != NULL)
    {
      g_signal_handlers_disconnect_by_data (rejoin->dialog, self);
      gtk_window_destroy (GTK_WINDOW (rejoin->dialog));
    }
  forget_password (&rejoin->to_remember);
  g_free (rejoin->carrier);
  g_free (rejoin->address);
  g_free (rejoin->refusal);
  g_free (rejoin);
}

static void ask_password (CrapetteWindow *self,
                          const char     *refusal);

/* The connection of a match taken up again after a restart: once signed in, a password the
 * person typed is remembered if they asked (or one kept before forgotten if not). Closed for
 * good before that (the server refused the password, or could not be reached), the password
 * is asked for again with the reason. Closed later, or for a guest, the person is told why,
 * since the status can only say the friend is gone. Once only. */
static void
on_resumed_transport_state_cb (CrapetteTransport *transport,
                               GParamSpec        *pspec,
                               CrapetteWindow    *self)
{
  CrapetteWindowRejoin *rejoin = self->net->rejoin;
  g_autofree char *message = NULL;

  if (rejoin != NULL && rejoin->signing_in &&
      crapette_transport_get_state (transport) == CRAPETTE_TRANSPORT_CONNECTED)
    {
      if (rejoin->typed && !rejoin->keyring_out)
        {
          if (rejoin->to_remember != NULL)
            crapette_window_keep_password (self, rejoin->address, rejoin->to_remember);
          else
            crapette_keyring_forget (rejoin->address);
        }
      crapette_window_rejoin_end (self);
      crapette_window_update_status (self);
      return;
    }
  if (crapette_transport_get_state (transport) != CRAPETTE_TRANSPORT_CLOSED ||
      crapette_transport_get_error (transport) == NULL)
    return;
  g_signal_handlers_disconnect_by_func (transport, on_resumed_transport_state_cb, self);
  if (rejoin != NULL && rejoin->signing_in)
    {
      forget_password (&rejoin->to_remember);
      ask_password (self, crapette_transport_get_error (transport));
      return;
    }
  message = g_strdup_printf (_("Your network match could not be taken up again: %s"),
                             crapette_transport_get_error (transport));
  crapette_window_show_toast_for (self, message, 10);
  crapette_window_speak (self, message);
}

static void
say_not_taken_up (CrapetteWindow *self,
                  const GError   *error)
{
  g_autofree char *message =
    g_strdup_printf (_("Your network match could not be taken up again: %s"), error->message);

  crapette_window_show_toast_for (self, message, 10);
  crapette_window_speak (self, message);
}

/* Takes the network match up again over the transport the carrier words kept on disk name
 * (crapette-net-carrier.c): listening again on the same address and port for the host,
 * joining the same address for the guest, signing in again and joining the same room over
 * XMPP, with @password (nullable: a guest sign-in). %FALSE, the person told why, when the
 * words or the match kept on disk cannot be read. */
static gboolean
resume_with (CrapetteWindow  *self,
             CrapetteNetRole  role,
             const char      *carrier,
             const char      *password)
{
  CrapetteWindowNet *net = self->net;
  g_autofree char *path = crapette_net_peer_get_default_state_path ();
  g_autoptr (GError) error = NULL;
  CrapetteTransport *transport;

  transport = crapette_net_carrier_reopen (role, carrier, password, &error);
  if (transport != NULL)
    {
      net->peer = crapette_net_peer_restore (self->session, transport, path, &error);
      if (net->peer == NULL)
        {
          crapette_transport_close (transport);
          g_object_unref (transport);
        }
      else
        net->transport = transport;
    }
  if (net->peer == NULL)
    {
      say_not_taken_up (self, error);
      return FALSE;
    }
  /* The code was compared when the friend first joined. */
  net->joined_shown = TRUE;
  g_signal_connect_object (net->transport, "notify::state",
                           G_CALLBACK (on_resumed_transport_state_cb), self, 0);
  crapette_window_net_watch_peer (self);
  crapette_window_update_status (self);
  if (crapette_net_peer_get_state (net->peer) == CRAPETTE_NET_PEER_PLAYING)
    {
      g_autofree char *message =
        g_strdup_printf (_("Rejoining your match with %s…"), crapette_net_peer_get_peer_name (net->peer));

      crapette_window_show_toast_for (self, message, 5);
      crapette_window_speak (self, message);
    }
  return TRUE;
}

/* Signs in again with @password: the match is restored the first time; after a refusal the
 * match restored before (the friend's seat, the moves kept) goes on over a new connection. */
static void
sign_in_again (CrapetteWindow *self,
               const char     *password)
{
  CrapetteWindowNet *net = self->net;
  CrapetteWindowRejoin *rejoin = net->rejoin;
  g_autoptr (GError) error = NULL;
  CrapetteTransport *transport;

  rejoin->signing_in = TRUE;
  if (net->peer == NULL)
    {
      if (!resume_with (self, rejoin->role, rejoin->carrier, password))
        crapette_window_rejoin_end (self);
      return;
    }
  transport = crapette_net_carrier_reopen (rejoin->role, rejoin->carrier, password, &error);
  if (transport == NULL)
    {
      say_not_taken_up (self, error);
      crapette_window_rejoin_end (self);
      return;
    }
  if (net->transport != NULL)
    {
      g_signal_handlers_disconnect_by_func (net->transport, on_resumed_transport_state_cb, self);
      crapette_transport_close (net->transport);
    }
  g_set_object (&net->transport, transport);
  g_object_unref (transport);
  crapette_net_peer_set_transport (net->peer, transport);
  g_signal_connect_object (transport, "notify::state",
                           G_CALLBACK (on_resumed_transport_state_cb), self, 0);
  /* The status follows the peer's connection: the new one now. */
  crapette_net_status_set_peer (CRAPETTE_NET_STATUS (net->status), NULL);
  crapette_net_status_set_peer (CRAPETTE_NET_STATUS (net->status), net->peer);
  crapette_window_update_status (self);
}

static void
on_password_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         CrapetteWindow   *self)
{
  CrapetteWindowRejoin *rejoin = self->net->rejoin;

  if (rejoin == NULL || rejoin->dialog != dialog)
    return;
  if (g_str_equal (response, "rejoin"))
    {
      g_autofree char *password = g_strdup (crapette_net_password_dialog_get_password (dialog));

      if (*password == '\0')
        return;
      /* The entry lets go of it at once; the copy is zeroed once the transport has its own. */
      crapette_net_password_dialog_clear (dialog);
      forget_password (&rejoin->to_remember);
      rejoin->typed = TRUE;
      if (crapette_net_password_dialog_get_remember (dialog))
        rejoin->to_remember = g_strdup (password);
      sign_in_again (self, password);
      memset (password, 0, strlen (password));
    }
  /* Given up only once a new game is dealt (on_session_match_started_cb): New Game's own
   * dialog may still be cancelled, and the match is kept. */
  else if (g_str_equal (response, "new-game"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game", NULL);
  crapette_window_update_status (self);
}

static void
on_password_dialog_destroy_cb (GtkWidget      *dialog,
                               CrapetteWindow *self)
{
  CrapetteWindowRejoin *rejoin = self->net->rejoin;

  if (rejoin != NULL && rejoin->dialog == ADW_MESSAGE_DIALOG (dialog))
    {
      rejoin->dialog = NULL;
      crapette_window_update_status (self);
    }
}

/* Asks for the account's password, saying why the last one did not sign in (@refusal, the
 * server's reason), if any. */
static void
ask_password (CrapetteWindow *self,
              const char     *refusal)
{
  CrapetteWindowRejoin *rejoin = self->net->rejoin;
  CrapetteMatch *match = crapette_session_get_match (self->session);
  CrapetteSeat remote = crapette_session_get_remote_seat (self->session);

  rejoin->signing_in = FALSE;
  if (refusal != NULL)
    {
      g_free (rejoin->refusal);
      rejoin->refusal = g_strdup (refusal);
    }
  if (rejoin->dialog == NULL)
    {
      const char *friend = match != NULL && remote != CRAPETTE_NO_SEAT
                           ? crapette_match_get_player_name (match, remote) : NULL;

      rejoin->dialog = crapette_net_password_dialog_new (GTK_WINDOW (self), friend,
                                                         rejoin->address);
      if (rejoin->keyring_out)
        crapette_net_password_dialog_set_keyring_problem (
          rejoin->dialog, _("No keyring answered on this computer, so the password cannot be "
                            "remembered: it is asked for each time you sign in."));
      g_signal_connect_object (rejoin->dialog, "response",
                               G_CALLBACK (on_password_response_cb), self, 0);
      g_signal_connect_object (rejoin->dialog, "destroy",
                               G_CALLBACK (on_password_dialog_destroy_cb), self, 0);
    }
  crapette_net_password_dialog_show_error (rejoin->dialog, rejoin->refusal);
  crapette_window_update_status (self);
  gtk_window_present (GTK_WINDOW (rejoin->dialog));
  if (refusal != NULL)
    crapette_window_speak (self, refusal);
}

typedef struct
{
  CrapetteWindow *window;
  GCancellable *cancellable;   /* cancelled when the window goes away */
} ResumeLookup;

static void
resume_lookup_free (ResumeLookup *lookup)
{
  g_object_unref (lookup->cancellable);
  g_free (lookup);
}

/* The keyring answered for the account the match was signed in with: sign in again with the
 * password it keeps, or ask for it when it keeps none (or cannot be reached). */
static void
on_resume_password_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      data)
{
  ResumeLookup *lookup = data;
  CrapetteWindow *self = lookup->window;
  g_autoptr (GError) error = NULL;
  g_autofree char *password = crapette_keyring_lookup_finish (result, &error);

  if (g_cancellable_is_cancelled (lookup->cancellable) || self->net->rejoin == NULL)
    {
      if (password != NULL)
        memset (password, 0, strlen (password));
      resume_lookup_free (lookup);
      return;   /* the window went away, or another match began */
    }
  g_clear_object (&self->net->resume_lookup);
  resume_lookup_free (lookup);
  if (error != NULL)
    {
      g_message ("The keyring cannot be reached: %s", error->message);
      self->net->rejoin->keyring_out = TRUE;
    }
  if (password == NULL)
    {
      ask_password (self, NULL);
      return;
    }
  sign_in_again (self, password);
  memset (password, 0, strlen (password));
}

gboolean
crapette_window_net_resume (CrapetteWindow *self)
{
  CrapetteWindowNet *net = self->net;
  g_autofree char *path = crapette_net_peer_get_default_state_path ();
  g_autofree char *carrier = NULL;
  g_autofree char *jid = NULL;
  g_autoptr (GError) error = NULL;
  CrapetteNetRole role;

  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), FALSE);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return FALSE;
  if (!crapette_net_peer_peek_state (path, self->session, &role, &carrier, &error))
    {
      /* Kept for a match that is no longer the saved game: a local game is not a friend's. */
      g_debug ("Not a network match: %s", error->message);
      return FALSE;
    }
  /* The friend's seat is theirs before anything else can go wrong. */
  crapette_session_set_remote_seat (self->session, role == CRAPETTE_NET_ROLE_HOST
                                                     ? CRAPETTE_NORTH : CRAPETTE_SOUTH);
  /* No move is taken back in a network match: the friend has seen it. */
  crapette_window_update_undo (self);
  /* Signed in with an account (an address with "@", not a guest sign-in): its password is
   * only in the keyring, so it is looked up first, and asked for if none is kept there. */
  if (crapette_net_carrier_is_xmpp (carrier, &jid) && strchr (jid, '@') != NULL)
    {
      ResumeLookup *lookup = g_new0 (ResumeLookup, 1);

      crapette_window_rejoin_end (self);
      net->rejoin = g_new0 (CrapetteWindowRejoin, 1);
      net->rejoin->role = role;
      net->rejoin->carrier = g_steal_pointer (&carrier);
      net->rejoin->address = g_steal_pointer (&jid);
      /* A new game dealt while the password is asked for gives the match up. */
      crapette_window_net_follow_new_games (self);
      lookup->window = self;
      g_clear_object (&net->resume_lookup);
      net->resume_lookup = g_cancellable_new ();
      lookup->cancellable = g_object_ref (net->resume_lookup);
      crapette_keyring_lookup (net->rejoin->address, net->resume_lookup, on_resume_password_cb,
                               lookup);
      return TRUE;
    }
  resume_with (self, role, carrier, NULL);
  return TRUE;
}

gboolean
crapette_window_net_awaits_password (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), FALSE);

  return self->net->rejoin != NULL && !self->net->rejoin->signing_in;
}

gboolean
crapette_window_net_ask_password (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), FALSE);

  if (!crapette_window_net_awaits_password (self))
    return FALSE;
  ask_password (self, NULL);
  return TRUE;
}

void
crapette_window_rejoin_dispose (CrapetteWindow *self)
{
  CrapetteWindowNet *net = self->net;

  /* The dialog is the window's transient, and goes with it (crapette_window_dispose_net()). */
  if (net->rejoin != NULL && net->rejoin->dialog != NULL)
    {
      g_signal_handlers_disconnect_by_data (net->rejoin->dialog, self);
      net->rejoin->dialog = NULL;
    }
  if (net->resume_lookup != NULL)
    g_cancellable_cancel (net->resume_lookup);
  g_clear_object (&net->resume_lookup);
}
