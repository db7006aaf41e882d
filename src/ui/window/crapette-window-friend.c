/* crapette-window-friend.c: a new game against a friend on another machine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * New Game and the welcome list two opponents after the engine's: a friend on this network
 * and a friend over the internet. Neither is an opponent the engine deals for by itself, so
 * neither is remembered in the settings; the game chosen is, since the host's game is the one
 * both play. On this network the person then says whether they host or join
 * (crapette-window-net.c); over the internet the internet dialog opens
 * (crapette-window-internet.c).
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window-private.h"

#define FRIEND_DIALOG_KEY "crapette-friend-dialog"
#define HOLDING_DIALOGS_KEY "crapette-holding-dialogs"

/* While a person sets up a match with a friend, the game on the table waits: the computer
 * does not play on behind the dialogs, and starts again once the last of them is gone (if it
 * still sits at the table: once hosting or joining has begun, the friend's match waits
 * instead). */
static void
on_holding_dialog_destroy_cb (GtkWidget      *dialog,
                              CrapetteWindow *self)
{
  guint holding = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), HOLDING_DIALOGS_KEY));

  g_return_if_fail (holding > 0);
  g_object_set_data (G_OBJECT (self), HOLDING_DIALOGS_KEY, GUINT_TO_POINTER (holding - 1));
  if (holding == 1 && self->computer != NULL && crapette_window_net_get_peer (self) == NULL &&
      gtk_widget_get_mapped (GTK_WIDGET (self)))
    crapette_computer_turn_resume (self->computer);
}

void
crapette_window_hold_computer_behind (CrapetteWindow *self,
                                      GtkWindow      *dialog)
{
  guint holding = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), HOLDING_DIALOGS_KEY));

  g_return_if_fail (CRAPETTE_IS_WINDOW (self));
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  if (self->computer != NULL)
    crapette_computer_turn_cancel (self->computer);
  g_object_set_data (G_OBJECT (self), HOLDING_DIALOGS_KEY, GUINT_TO_POINTER (holding + 1));
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_holding_dialog_destroy_cb), self, 0);
}

static void
on_friend_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       CrapetteWindow   *self)
{
  if (g_str_equal (response, "host"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.net-host", NULL);
  else if (g_str_equal (response, "join"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.net-join", NULL);
}

static void
on_friend_destroy_cb (GtkWidget      *dialog,
                      CrapetteWindow *self)
{
  if (g_object_get_data (G_OBJECT (self), FRIEND_DIALOG_KEY) == dialog)
    g_object_set_data (G_OBJECT (self), FRIEND_DIALOG_KEY, NULL);
}

/* Asks whether the person hosts the game or joins the friend's. */
static void
ask_host_or_join (CrapetteWindow *self)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("A Friend on This Network"),
                                                       _("One of you hosts the game and the "
                                                         "other joins it. The host’s game "
                                                         "and rules are played.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "join", _("_Join a Game…"),
                                    "host", _("_Host a Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "host", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "host");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_friend_response_cb), self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_friend_destroy_cb), self, 0);
  g_object_set_data (G_OBJECT (self), FRIEND_DIALOG_KEY, dialog);
  crapette_window_hold_computer_behind (self, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

void
crapette_window_play_friend (CrapetteWindow  *self,
                             CrapetteVariant  variant,
                             gboolean         internet)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  /* The host plays the game the settings name (crapette_session_get_chosen_variant()). */
  if (self->settings != NULL)
    g_settings_set_enum (self->settings, "variant", variant);
  /* The first welcome leaves the table bare; until the friend's match is dealt it shows the
   * game chosen, with nobody playing by itself (no computer starts behind the person's back
   * while they wait for the friend). */
  if (crapette_table_get_game (self->table) == NULL)
    {
      crapette_session_set_opponent (self->session, CRAPETTE_OPPONENT_TWO_PLAYERS);
      crapette_session_new_match (self->session, variant, crapette_session_fresh_deal_number ());
    }
  if (internet)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.net-internet", NULL);
  else
    ask_host_or_join (self);
}

GtkWindow *
crapette_window_get_friend_dialog (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return g_object_get_data (G_OBJECT (self), FRIEND_DIALOG_KEY);
}
