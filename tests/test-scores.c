/* test-scores.c: the Scores window shows the scoreboard's numbers, and Reset empties it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <adwaita.h>

#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-scoreboard.h"
#include "crapette-scores-window.h"
#include "ui-test-helpers.h"

/* ---- Filling the scoreboard -------------------------------------------------- */

static void
add_round (CrapetteScoreboard *scoreboard,
           CrapetteMatch      *match,
           CrapetteOutcome     outcome,
           CrapetteSeat        winner,
           guint               points)
{
  CrapetteRoundResult result = { 0 };

  result.outcome = outcome;
  result.block_reason = outcome == CRAPETTE_OUTCOME_BLOCKED ? CRAPETTE_BLOCK_PASSES
                                                            : CRAPETTE_BLOCK_NONE;
  result.winner = winner;
  result.points = points;
  crapette_scoreboard_add_round (scoreboard, match, &result);
}

/* A Russian Bank record of one round that South wins with the next move, scoring 37. */
static const char *
one_move_from_winning (void)
{
  static char *record;

  if (record == NULL)
    {
      static const char * const suits[] = { "♣", "♦", "♥", "♠" };
      static const char * const ranks[] = {
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
      };
      GString *text = g_string_new ("Crapette match\nVersion: 1\nVariant: russian\nLength: 37\n"
                                    "Seed: 7\n\nCrapette record\nVariant: russian\nRound: 1\n"
                                    "To move: south\n\n"
                                    "SR: Q♦\nNR: Q♣ K♣\nND: Q♣* K♣*\nNW: K♦\n");

      for (guint pack = 0; pack < 2; pack++)
        for (guint suit = 0; suit < 4; suit++)
          {
            guint top = (suit == 0 || (suit == 1 && pack == 0)) ? 11 : 13;

            g_string_append_printf (text, "F%u:", pack * 4 + suit + 1);
            for (guint rank = 0; rank < top; rank++)
              g_string_append_printf (text, " %s%s%s", ranks[rank], suits[suit],
                                      pack == 1 ? "*" : "");
            g_string_append_c (text, '\n');
          }
      g_string_append (text, "\nMoves:\n");
      record = g_string_free (text, FALSE);
    }
  return record;
}

/* Plays a whole match that South (@south_name) wins against @north_name, and counts it. */
static void
add_won_match (CrapetteScoreboard *scoreboard,
               CrapetteOpponent    opponent,
               const char         *south_name,
               const char         *north_name)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(GError) error = NULL;
  gsize n_moves;
  CrapetteMove move;
  CrapetteRoundResult result;

  match = crapette_match_new_from_record (game, one_move_from_winning (), -1, &error);
  g_assert_no_error (error);
  crapette_match_set_players (match, opponent, south_name, north_name);
  move = crapette_game_get_legal_moves (game, &n_moves)[0];
  g_assert_true (crapette_game_play (game, &move, NULL));
  g_assert_true (crapette_match_is_finished (match));

  g_assert_true (crapette_match_get_round_result (match, 0, &result));
  crapette_scoreboard_add_round (scoreboard, match, &result);
  crapette_scoreboard_add_match (scoreboard, match);
}

/* ---- Looking into the window --------------------------------------------------- */

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_strcmp0 (gtk_widget_get_name (child), name) == 0)
        return child;
      found = find_named (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The number the table shows for @line against @opponent, in the page of @variant. */
static const char *
cell_text (CrapetteScoresWindow *window,
           const char           *variant,
           const char           *line,
           const char           *opponent)
{
  g_autofree char *name = g_strdup_printf ("%s:%s", line, opponent);
  GtkWidget *page = find_named (GTK_WIDGET (window), variant);
  GtkWidget *cell;

  g_assert_nonnull (page);
  cell = find_named (page, name);
  if (cell == NULL)
    return NULL;
  return gtk_label_get_text (GTK_LABEL (cell));
}

static const char *
visible_page (CrapetteScoresWindow *window,
              const char           *variant)
{
  GtkWidget *stack = find_named (GTK_WIDGET (window), variant);

  g_assert_true (GTK_IS_STACK (stack));
  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

static AdwMessageDialog *
find_message_dialog (void)
{
  /* The list belongs to GTK. */
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

/* Answers @dialog as its button would: the response, then the dialog closes. */
static void
answer_dialog (AdwMessageDialog *dialog,
               const char       *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  ui_test_drain ();
}

static GtkWidget *
find_row_titled (GtkWidget  *widget,
                 const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (ADW_IS_PREFERENCES_ROW (child) &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)), title) == 0)
        return child;
      found = find_row_titled (child, title);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), text) == 0)
        return TRUE;
      if (has_label (child, text))
        return TRUE;
    }
  return FALSE;
}

static void
show_window (GtkWindow *window)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add (5000, ui_test_timeout_cb, &timed_out);

  gtk_window_present (window);
  while (!timed_out && (!gtk_widget_get_mapped (GTK_WIDGET (window)) ||
                        gtk_widget_get_width (GTK_WIDGET (window)) <= 1))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  ui_test_drain ();
}

static void
show_page (CrapetteScoresWindow *window,
           const char           *page,
           const char           *picture)
{
  GtkWidget *view_stack = find_named (GTK_WIDGET (window), "view-stack");

  g_assert_true (ADW_IS_VIEW_STACK (view_stack));
  adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (view_stack), page);
  ui_test_drain ();
  ui_test_save_picture (GTK_WIDGET (window), picture);
}

/* ---- Tests ----------------------------------------------------------------------- */

static void
test_empty (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autoptr(CrapetteScoreboard) scoreboard = crapette_scoreboard_new (settings);
  CrapetteScoresWindow *window;

  crapette_scoreboard_reset (scoreboard);
  window = g_object_ref_sink (crapette_scores_window_new (NULL, settings));

  g_assert_cmpstr (visible_page (window, "russian"), ==, "empty");
  g_assert_cmpstr (visible_page (window, "american"), ==, "empty");
  g_assert_cmpstr (visible_page (window, "head-to-head"), ==, "empty");
  /* Nothing to forget: Reset is off. */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "scores.reset", NULL) &&
                  find_message_dialog () != NULL);

  show_window (GTK_WINDOW (window));
  /* The focus opens on a harmless control, not on Reset. */
  g_assert_nonnull (gtk_root_get_focus (GTK_ROOT (window)));
  g_assert_false (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)),
                                          ui_test_find_action_button (GTK_WIDGET (window),
                                                                      "scores.reset")) ||
                  gtk_root_get_focus (GTK_ROOT (window)) ==
                    ui_test_find_action_button (GTK_WIDGET (window), "scores.reset"));
  show_page (window, "russian", "scores-empty");
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  g_assert_finalize_object (window);
}

static void
test_numbers_and_reset (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autoptr(CrapetteScoreboard) scoreboard = crapette_scoreboard_new (settings);
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) easy = NULL;
  g_autoptr(CrapetteMatch) american = NULL;
  CrapetteScoresWindow *window;
  AdwMessageDialog *dialog;
  CrapetteRules rules;
  GtkWidget *pair;

  crapette_scoreboard_reset (scoreboard);
  crapette_rules_init_default (&rules);
  easy = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 300, 1);
  crapette_match_set_players (easy, CRAPETTE_OPPONENT_COMPUTER_EASY, "", "");
  american = crapette_match_new (game, CRAPETTE_VARIANT_AMERICAN, &rules, 3, 1);
  crapette_match_set_players (american, CRAPETTE_OPPONENT_COMPUTER_HARD, "", "");

  window = g_object_ref_sink (crapette_scores_window_new (NULL, settings));
  show_window (GTK_WINDOW (window));

  /* Rounds added while the window is open show at once. */
  add_round (scoreboard, easy, CRAPETTE_OUTCOME_WON, CRAPETTE_SOUTH, 50);
  add_round (scoreboard, easy, CRAPETTE_OUTCOME_WON, CRAPETTE_SOUTH, 37);
  add_round (scoreboard, easy, CRAPETTE_OUTCOME_BLOCKED, CRAPETTE_SOUTH, 4);
  add_round (scoreboard, easy, CRAPETTE_OUTCOME_WON, CRAPETTE_NORTH, 45);
  add_round (scoreboard, easy, CRAPETTE_OUTCOME_BLOCKED, CRAPETTE_NO_SEAT, 0);
  add_won_match (scoreboard, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, "", "");
  add_won_match (scoreboard, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, "", "");
  add_won_match (scoreboard, CRAPETTE_OPPONENT_TWO_PLAYERS, "Éloïse", "Boris");
  add_round (scoreboard, american, CRAPETTE_OUTCOME_WON, CRAPETTE_NORTH, 1);
  ui_test_drain ();

  g_assert_cmpstr (visible_page (window, "russian"), ==, "table");
  g_assert_cmpstr (cell_text (window, "russian", "rounds-played", "computer-easy"), ==, "5");
  g_assert_cmpstr (cell_text (window, "russian", "rounds-won", "computer-easy"), ==, "3");
  g_assert_cmpstr (cell_text (window, "russian", "rounds-lost", "computer-easy"), ==, "1");
  g_assert_cmpstr (cell_text (window, "russian", "rounds-drawn", "computer-easy"), ==, "1");
  g_assert_cmpstr (cell_text (window, "russian", "rounds-blocked", "computer-easy"), ==, "2");
  g_assert_cmpstr (cell_text (window, "russian", "best-winning-score", "computer-easy"), ==,
                   "50");
  /* (50 + 37 + 4) / 3, rounded down. */
  g_assert_cmpstr (cell_text (window, "russian", "average-winning-score", "computer-easy"), ==,
                   "30");
  g_assert_cmpstr (cell_text (window, "russian", "matches-played", "computer-easy"), ==, "0");
  g_assert_cmpstr (cell_text (window, "russian", "matches-played", "computer-medium"), ==, "2");
  g_assert_cmpstr (cell_text (window, "russian", "matches-won", "computer-medium"), ==, "2");
  g_assert_cmpstr (cell_text (window, "russian", "longest-streak", "computer-medium"), ==, "2");
  g_assert_cmpstr (cell_text (window, "russian", "best-winning-score", "computer-medium"), ==,
                   "37");
  /* No round won: no winning score, rather than a score of 0. */
  g_assert_cmpstr (cell_text (window, "russian", "best-winning-score", "computer-hard"), ==, "—");
  g_assert_cmpstr (cell_text (window, "russian", "matches-won", "two-players"), ==, "1");

  /* American Bank rounds all score 1: its table has no winning scores. */
  g_assert_cmpstr (visible_page (window, "american"), ==, "table");
  g_assert_cmpstr (cell_text (window, "american", "rounds-lost", "computer-hard"), ==, "1");
  g_assert_cmpstr (cell_text (window, "american", "rounds-played", "computer-easy"), ==, "0");
  g_assert_null (cell_text (window, "american", "best-winning-score", "computer-hard"));

  /* The named players, alphabetically. */
  g_assert_cmpstr (visible_page (window, "head-to-head"), ==, "table");
  pair = find_row_titled (GTK_WIDGET (window), "Boris and Éloïse");
  g_assert_nonnull (pair);
  g_assert_true (has_label (pair, "0 – 1"));

  show_page (window, "russian", "scores-russian");
  /* The person is "you" against the computer, as everywhere else; South only for two people. */
  g_assert_true (has_label (GTK_WIDGET (window),
                            "Won and lost count for you against the computer, and for the "
                            "player at the bottom (South) when two people play."));
  show_page (window, "american", "scores-american");
  show_page (window, "head-to-head", "scores-head-to-head");

  /* On a phone-sized window the table still fits, and the tabs move to the bottom. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  show_page (window, "russian", "scores-narrow");
  {
    GtkWidget *grid = find_named (find_named (GTK_WIDGET (window), "russian"), "GtkGrid");
    graphene_rect_t bounds;

    g_assert_nonnull (grid);
    g_assert_true (gtk_widget_compute_bounds (grid, GTK_WIDGET (window), &bounds));
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                       gtk_widget_get_width (GTK_WIDGET (window)));
  }

  /* A large count is written whole. */
  g_settings_set_value (settings, "american-scores",
                        g_variant_new_parsed ("{'computer-easy': {'rounds-played': uint32 "
                                              "1234567}}"));
  ui_test_drain ();
  {
    g_autofree char *digits = g_strdup (cell_text (window, "american", "rounds-played",
                                                   "computer-easy"));

    g_strdelimit (digits, ",. \u00a0'", '_');
    g_assert_true (g_str_equal (digits, "1234567") || g_str_equal (digits, "1_234_567"));
  }

  /* Cancel keeps the scores. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "scores.reset", NULL));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  answer_dialog (dialog, "cancel");
  g_assert_null (find_message_dialog ());
  g_assert_cmpstr (visible_page (window, "russian"), ==, "table");

  /* Reset forgets everything, and the window shows it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "scores.reset", NULL));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  show_window (GTK_WINDOW (dialog));
  ui_test_save_picture (GTK_WIDGET (dialog), "scores-reset-dialog");
  answer_dialog (dialog, "reset");
  g_assert_null (find_message_dialog ());
  g_assert_cmpstr (visible_page (window, "russian"), ==, "empty");
  g_assert_cmpstr (visible_page (window, "american"), ==, "empty");
  g_assert_cmpstr (visible_page (window, "head-to-head"), ==, "empty");
  g_assert_null (find_row_titled (GTK_WIDGET (window), "Boris and Éloïse"));
  g_assert_cmpstr (cell_text (window, "russian", "rounds-played", "computer-easy"), ==, "0");
  {
    CrapetteScoreStats stats;

    crapette_scoreboard_get_stats (scoreboard, CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_OPPONENT_COMPUTER_MEDIUM,
                                   &stats);
    g_assert_cmpuint (stats.matches_played, ==, 0);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  g_assert_finalize_object (window);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  ui_test_load_style ();
  /* Pictures taken mid-transition would show two states at once. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/scores/empty", test_empty);
  g_test_add_func ("/scores/numbers-and-reset", test_numbers_and_reset);

  return g_test_run ();
}
