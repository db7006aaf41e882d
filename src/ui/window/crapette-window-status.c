/* crapette-window-status.c: what the main window says about the game: the players' status
 * lines, the title, and the last move put in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window-private.h"

#include "crapette-description.h"
#include "crapette-locale.h"

/* The name shown for @seat, the same everywhere (crapette-player-names.c): "You", "Computer
 * (Medium)", a name given in the preferences, or the seat's. */
const char *
crapette_window_player_name (CrapetteWindow *self,
                             CrapetteSeat    seat)
{
  return crapette_player_names_get (crapette_game_get_players (self->game), seat);
}

/* Whose turn it is, in words: "Your turn" for the person spoken to, else "North to play". */
char *
crapette_window_describe_to_play (CrapetteWindow *self,
                                  CrapetteSeat    seat)
{
  if (crapette_player_names_person (crapette_game_get_players (self->game), seat) ==
      CRAPETTE_PLAYER_YOU)
    return g_strdup (_("Your turn"));
  return g_strdup_printf (_("%s to play"), crapette_window_player_name (self, seat));
}

static char *
describe_score (CrapetteWindow *self,
                CrapetteSeat    seat)
{
  guint score = self->match != NULL ? crapette_match_get_score (self->match, seat) : 0;

  if (crapette_game_get_variant (self->game) == CRAPETTE_VARIANT_AMERICAN)
    /* TRANSLATORS: the rounds of an American Bank match a player has won */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u round won", "%u rounds won",
                                         score), score);
  /* TRANSLATORS: a player's score in a Russian Bank match */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u point", "%u points", score), score);
}

/* The turn marker, which goes first and points at the words that follow it: right in a
 * left-to-right window, left in a right-to-left one (Persian), where the line starts at its
 * right end. The direction mark before it makes the line follow the window's direction even
 * when a player's name starts with letters of the other direction. */
static const char *
turn_marker (GtkWidget *label)
{
  return gtk_widget_get_direction (label) == GTK_TEXT_DIR_RTL ? "\u200F◀" : "\u200E▶";
}

/* Writes the status line of @seat as @view shows the table: the game now, or a past
 * position looked back at in the history, whose counts and mover are its own. */
static void
update_seat_label (CrapetteWindow     *self,
                   const CrapetteView *view,
                   CrapetteSeat        seat,
                   GtkLabel           *label)
{
  guint left = crapette_view_get_cards_left (view, seat);
  /* In a network match that is over nobody is to play, whoever was when it ended. */
  gboolean to_play = crapette_view_get_outcome (view) == CRAPETTE_OUTCOME_PLAYING &&
                     crapette_view_get_to_move (view) == seat &&
                     crapette_window_net_holds_input (self) == NULL;
  g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card left",
                                                         "%u cards left", left), left);
  g_autofree char *score = describe_score (self, seat);
  const char *name = crapette_window_player_name (self, seat);
  g_autofree char *line = NULL;
  g_autofree char *text = NULL;
  g_autofree char *localized = NULL;
  g_autofree char *spoken = NULL;

  if (to_play)
    {
      g_autofree char *who = crapette_window_describe_to_play (self, seat);

      line = g_strdup_printf (_("%s — %s — %s"), who, count, score);
      text = g_strdup_printf ("%s %s", turn_marker (GTK_WIDGET (label)), line);
      gtk_widget_add_css_class (GTK_WIDGET (label), "current");
    }
  else
    {
      /* TRANSLATORS: a player's status line: "North — 35 cards left — 0 points", or
       * "South to play — 37 cards left — 120 points" */
      line = g_strdup_printf (_("%s — %s — %s"), name, count, score);
      text = g_strdup (line);
      gtk_widget_remove_css_class (GTK_WIDGET (label), "current");
    }
  /* Numbers are shown in the digits of the player's language (Persian ۰–۹). */
  localized = crapette_locale_localize_digits (text);
  gtk_label_set_label (label, localized);
  /* A screen reader hears the words without the turn marker, which "to play" says. */
  spoken = crapette_locale_localize_digits (line);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken,
                                  -1);
}

/* Replaces the string *@text with @longer, a string made from it. */
static void
replace_string (char **text,
                char  *longer)
{
  g_free (*text);
  *text = longer;
}

/* The status lines and the title, as the game, the match and the computer stand now. */
static void
write_status (CrapetteWindow *self)
{
  CrapetteView *view = crapette_game_get_view (self->game);
  g_autofree char *subtitle = NULL;
  g_autofree char *localized = NULL;
  gboolean computer_to_move = crapette_computer_turn_is_computer_to_move (self->computer);

  /* Looking back in the history, the lines tell of the past table shown. */
  const CrapetteView *shown = crapette_window_is_looking_back (self) ?
                              crapette_table_get_shown_view (self->table) : view;

  self->n_status_writes++;
  update_seat_label (self, shown, CRAPETTE_NORTH, self->north_label);
  update_seat_label (self, shown, CRAPETTE_SOUTH, self->south_label);

  if (self->match != NULL && crapette_match_is_finished (self->match))
    subtitle = g_strdup (_("The match is over"));
  else if (crapette_game_get_phase (self->game) != CRAPETTE_OUTCOME_PLAYING)
    subtitle = g_strdup (_("The round is over"));
  else if (computer_to_move)
    subtitle = g_strdup (_("The computer is playing"));
  /* A call of "Stop!" gone to the friend's table, which plays it: this table waits. */
  else if (crapette_session_get_call_out (self->session))
    subtitle = g_strdup (_("Waiting for the other table to take your “Stop!”"));
  /* A network match taken up again that waits for its password: nobody is to play yet. */
  else if (crapette_window_net_awaits_password (self))
    subtitle = g_strdup (crapette_window_net_holds_input (self));
  /* A network match resigned, left or claimed: nobody is to play. */
  else if (crapette_window_net_holds_input (self) != NULL)
    subtitle = g_strdup (_("The match is over"));
  /* Hidden deal: both programs' keys for a card turned up are awaited. */
  else if (crapette_window_net_card_pending (self))
    subtitle = g_strdup (_("Turning a card up…"));
  else
    subtitle = crapette_window_describe_to_play (self, crapette_game_get_current_player (self->game));

  if (self->match != NULL && crapette_match_get_round_number (self->match) > 0)
    {
      /* TRANSLATORS: the window's subtitle: "Round 2 · South to play" */
      replace_string (&subtitle, g_strdup_printf (_("Round %u · %s"),
                                                  crapette_match_get_round_number (self->match),
                                                  subtitle));
    }

  /* While American Bank's round is played, its completed sequences; once it is over, the
   * summary has counted them, and the shorter subtitle stays on one line at 800×600 beside
   * Next Round, in the longer languages too. */
  if (crapette_view_get_variant (view) == CRAPETTE_VARIANT_AMERICAN &&
      crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING)
    {
      guint completed = crapette_view_get_completed_sequences (view);
      g_autofree char *sequences = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                 "%u completed sequence",
                                                                 "%u completed sequences",
                                                                 completed), completed);

      replace_string (&subtitle, g_strdup_printf ("%s · %s", subtitle, sequences));
    }

  adw_window_title_set_title (self->window_title,
                              crapette_variant_name (crapette_view_get_variant (view)));
  localized = crapette_locale_localize_digits (subtitle);
  adw_window_title_set_subtitle (self->window_title, localized);
}

static void
wrap_subtitle (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "subtitle"))
    {
      gtk_label_set_ellipsize (GTK_LABEL (widget), PANGO_ELLIPSIZE_NONE);
      gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
      /* On one line while the header bar has room for it: a wrapping label otherwise asks
       * only for the width that fits the header bar's height, two lines of subtitle. */
      gtk_label_set_natural_wrap_mode (GTK_LABEL (widget), GTK_NATURAL_WRAP_NONE);
      gtk_label_set_justify (GTK_LABEL (widget), GTK_JUSTIFY_CENTER);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    wrap_subtitle (child);
}

static GtkLabel *
new_plate (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  return GTK_LABEL (label);
}

/* Gives the table each player's status line, to stand beside their piles: at the head of
 * their column on a wide Russian Bank table, above or below their row otherwise. */
void
crapette_window_init_plates (CrapetteWindow *self)
{
  self->north_label = new_plate ();
  self->south_label = new_plate ();
  crapette_table_set_seat_plate (self->table, CRAPETTE_NORTH, GTK_WIDGET (self->north_label));
  crapette_table_set_seat_plate (self->table, CRAPETTE_SOUTH, GTK_WIDGET (self->south_label));
}

/* Lets the window's subtitle wrap onto more lines rather than be cut short. AdwWindowTitle
 * ellipsizes it; with large text in a narrow window that cut off the round, whose turn it is
 * and American Bank's sequences ("Round 1 · Your turn · 0 co…"). The title, the game's
 * name, is short; wrapped, GTK 4.8 measured it wrongly in Persian (natural width below the
 * minimum, a warning). */
void
crapette_window_init_title (CrapetteWindow *self)
{
  wrap_subtitle (GTK_WIDGET (self->window_title));
}

static gboolean
write_status_cb (gpointer data)
{
  CrapetteWindow *self = data;

  self->status_source = 0;
  write_status (self);
  return G_SOURCE_REMOVE;
}

/* Refreshes the actions that depend on the game now, and the status lines and the title
 * once the signals of the move in progress are over (before the next frame). One move
 * notifies several properties and the end of a turn or a round brings more, each of which
 * asks for the status: the lines are written once, with everything the move changed. */
void
crapette_window_update_status (CrapetteWindow *self)
{
  gboolean computer_to_move = crapette_computer_turn_is_computer_to_move (self->computer);

  /* A hint or a turned card is the person's to ask for, not the computer's. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint",
                                 !computer_to_move && !crapette_table_is_looking_back (self->table) &&
                                 crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-deal",
                                 self->match != NULL &&
                                 crapette_match_is_round_in_play (self->match));

  /* Ahead of the frame clock's layout and paint (GDK_PRIORITY_REDRAW), so the frame that
   * shows the move shows its status too. */
  if (self->status_source == 0)
    self->status_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, write_status_cb, self, NULL);
}

/* Writes the status lines and the title now if a rewrite is waiting. */
void
crapette_window_flush_status (CrapetteWindow *self)
{
  if (self->status_source == 0)
    return;
  g_clear_handle_id (&self->status_source, g_source_remove);
  write_status (self);
}

/* Writes @text on the message line, where it is seen ("" clears it); the tooltip holds all
 * of it when the line is too short. */
void
crapette_window_write_message (CrapetteWindow *self,
                               const char     *text)
{
  gtk_label_set_label (self->announcement_label, text);
  /* Empty, it would be read by its type's name; the announcer has said it anyway. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->announcement_label),
                               GTK_ACCESSIBLE_STATE_HIDDEN, text[0] == '\0', -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->announcement_label),
                               text[0] != '\0' ? text : NULL);
}

/* Puts a move in words where it is seen, and read out by screen readers. */
void
crapette_window_announce (CrapetteWindow *self,
                          const char     *text)
{
  crapette_window_speak (self, text);
  crapette_window_write_message (self, text);
}

/* Returns the text of the status line of @seat, as shown. */
const char *
crapette_window_get_status (CrapetteWindow *self,
                            CrapetteSeat    seat)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, NULL);

  crapette_window_flush_status (self);
  return gtk_label_get_label (seat == CRAPETTE_SOUTH ? self->south_label : self->north_label);
}

/* Returns the computer's last move announced for screen readers, or "". */
const char *
crapette_window_get_announcement (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return gtk_label_get_label (self->announcement_label);
}

/* ---- Said to screen readers ----------------------------------------------- */

/* Says @text to screen readers, through the announcer. */
void
crapette_window_speak (CrapetteWindow *self,
                       const char     *text)
{
  if (self->announcer != NULL)
    crapette_announcer_announce (self->announcer, text);
}

static void
on_turn_changed_cb (CrapetteGame   *game,
                    guint           seat,
                    CrapetteWindow *self)
{
  g_autofree char *text = NULL;

  if (seat >= CRAPETTE_N_SEATS)
    return;
  text = crapette_window_describe_to_play (self, seat);
  crapette_window_speak (self, text);
}

/* How the round of @result ended, in words: "You win the round", "Computer (Medium) wins the
 * round", "The round is blocked". */
char *
crapette_window_describe_round_end (CrapetteWindow            *self,
                                    const CrapetteRoundResult *result)
{
  if (result->winner < CRAPETTE_N_SEATS &&
      crapette_player_names_person (crapette_game_get_players (self->game), result->winner) ==
      CRAPETTE_PLAYER_YOU)
    return g_strdup (_("You win the round"));
  if (result->winner < CRAPETTE_N_SEATS)
    /* Translators: %s is the round's winner. */
    return g_strdup_printf (_("%s wins the round"),
                            crapette_window_player_name (self, result->winner));
  if (result->outcome == CRAPETTE_OUTCOME_BLOCKED)
    return g_strdup (_("The round is blocked"));
  return g_strdup (_("The round is over"));
}

static void
on_round_finished_cb (CrapetteGame        *game,
                      CrapetteRoundResult *result,
                      CrapetteWindow      *self)
{
  g_autofree char *text = crapette_window_describe_round_end (self, result);

  crapette_window_speak (self, text);
}

static void
on_table_announce_cb (CrapetteTable  *table,
                      const char     *text,
                      CrapetteWindow *self)
{
  crapette_window_speak (self, text);
}

/* Says the end of each turn and of each round to screen readers, from now on, and what the
 * table reads on request. */
void
crapette_window_init_speech (CrapetteWindow *self)
{
  g_signal_connect_object (self->game, "turn-changed", G_CALLBACK (on_turn_changed_cb), self, 0);
  g_signal_connect_object (self->game, "round-finished", G_CALLBACK (on_round_finished_cb),
                           self, 0);
  g_signal_connect_object (self->table, "announce", G_CALLBACK (on_table_announce_cb), self, 0);
}
