/* test-round-summary.c: the round summary counts the points out right, and its buttons say so
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-random.h"
#include "crapette-round-summary.h"
#include "ui-test-helpers.h"

/* Random American Bank play ends its rounds quickly with few idle turns allowed. */
#define QUICK_IDLE_TURNS 10

/* ---- Matches with a finished round ---------------------------------------- */

/* A Russian Bank table whose foundations leave only Q♣ K♣ Q♦ K♦ of the first
 * pack and Q♣ K♣ of the second to play; @player_piles places them. */
static char *
nearly_finished_position (const char *player_piles)
{
  static const char * const suits[] = { "♣", "♦", "♥", "♠" };
  static const char * const ranks[] = {
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
  };
  GString *text = g_string_new ("Crapette record\nVariant: russian\nRound: 1\nTo move: south\n\n");

  g_string_append (text, player_piles);
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
  return g_string_free (text, FALSE);
}

/* A Russian Bank match of @length points whose first round starts at @player_piles. */
static CrapetteMatch *
load_russian_match (CrapetteGame *game,
                    guint         length,
                    const char   *player_piles)
{
  g_autofree char *round = nearly_finished_position (player_piles);
  g_autofree char *text = g_strdup_printf ("Crapette match\nVersion: 1\nVariant: russian\n"
                                           "Length: %u\nSeed: 7\n\n%s", length, round);
  g_autoptr(GError) error = NULL;
  CrapetteMatch *match = crapette_match_new_from_record (game, text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (match);
  return match;
}

static void
play_first_legal_move (CrapetteGame *game)
{
  gsize n_moves;
  const CrapetteMove *moves = crapette_game_get_legal_moves (game, &n_moves);
  CrapetteMove move;

  g_assert_cmpuint (n_moves, >, 0);
  move = moves[0];
  g_assert_true (crapette_game_play (game, &move, NULL));
}

static void
pass_turn (CrapetteGame *game)
{
  CrapetteMove end = { CRAPETTE_MOVE_END_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                       CRAPETTE_CARD_NONE };

  g_assert_true (crapette_game_play (game, &end, NULL));
}

/* ---- Looking into the summary ---------------------------------------------- */

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

/* The text of the label named @id: a value, or with "-sum" after the id, its sum. */
static const char *
label_text (CrapetteRoundSummary *summary,
            const char           *id)
{
  GtkWidget *label = find_named (GTK_WIDGET (summary), id);

  if (label == NULL)
    g_error ("the summary has no line “%s”", id);
  g_assert_true (GTK_IS_LABEL (label));
  return gtk_label_get_text (GTK_LABEL (label));
}

static guint
row_number (CrapetteRoundSummary *summary,
            const char           *id)
{
  return (guint) g_ascii_strtoull (label_text (summary, id), NULL, 10);
}

static const char *
row_subtitle (CrapetteRoundSummary *summary,
              const char           *id)
{
  g_autofree char *sum_id = g_strconcat (id, "-sum", NULL);

  return label_text (summary, sum_id);
}

/* Whether some label in @widget, visible or not, says @text. */
static gboolean
shows_text (GtkWidget  *widget,
            const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_widget_get_visible (child) &&
          strstr (gtk_label_get_text (GTK_LABEL (child)), text) != NULL)
        return TRUE;
      if (shows_text (child, text))
        return TRUE;
    }
  return FALSE;
}

/* Whether the summary announces the end of the match. */
static gboolean
shows_match_result (CrapetteRoundSummary *summary)
{
  return gtk_widget_get_visible (find_named (GTK_WIDGET (summary), "match-result"));
}

/* Shows @summary until it has its size, pictures it as @name, and closes it. */
static void
show_and_picture (CrapetteRoundSummary *summary,
                  const char           *name)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add (5000, ui_test_timeout_cb, &timed_out);

  gtk_window_present (GTK_WINDOW (summary));
  while (!timed_out && (!gtk_widget_get_mapped (GTK_WIDGET (summary)) ||
                        gtk_widget_get_width (GTK_WIDGET (summary)) <= 1))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  ui_test_drain ();
  ui_test_save_picture (GTK_WIDGET (summary), name);
}

static void
close_summary (CrapetteRoundSummary *summary)
{
  gtk_window_destroy (GTK_WINDOW (summary));
  ui_test_drain ();
  g_assert_finalize_object (summary);
}

static void
on_signal_count_cb (CrapetteRoundSummary *summary,
                    guint                *count)
{
  (*count)++;
}

static CrapetteRoundSummary *
new_summary (CrapetteMatch *match,
             guint          round_index)
{
  CrapetteRoundSummary *summary = crapette_round_summary_new (NULL, match, round_index);

  g_assert_nonnull (summary);
  return g_object_ref_sink (summary);
}

/* ---- Tests ------------------------------------------------------------------ */

static void
test_russian_won (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match =
    load_russian_match (game, 300, "SR: Q♦\nNR: Q♣ K♣\nND: Q♣* K♣*\nNW: K♦\n");
  CrapetteRoundSummary *summary;
  guint next_rounds = 0, new_matches = 0;

  crapette_match_set_players (match, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, "Éloïse", "");
  /* South goes out; North keeps 2 reserve cards and 3 others. */
  play_first_legal_move (game);
  g_assert_cmpuint (crapette_match_get_n_finished_rounds (match), ==, 1);

  summary = new_summary (match, 0);
  g_signal_connect (summary, "next-round", G_CALLBACK (on_signal_count_cb), &next_rounds);
  g_signal_connect (summary, "new-match", G_CALLBACK (on_signal_count_cb), &new_matches);

  g_assert_true (shows_text (GTK_WIDGET (summary), "Éloïse wins the round"));
  g_assert_true (shows_text (GTK_WIDGET (summary), "Éloïse got rid of every card."));
  g_assert_cmpuint (row_number (summary, "bonus"), ==, 30);
  g_assert_cmpuint (row_number (summary, "reserve:north"), ==, 4);
  g_assert_cmpstr (row_subtitle (summary, "reserve:north"), ==, "2 cards × 2");
  g_assert_cmpuint (row_number (summary, "stock-and-waste:north"), ==, 3);
  g_assert_cmpstr (row_subtitle (summary, "stock-and-waste:north"), ==, "3 cards × 1");
  g_assert_cmpuint (row_number (summary, "total"), ==, 37);
  g_assert_cmpuint (row_number (summary, "bonus") + row_number (summary, "reserve:north") +
                    row_number (summary, "stock-and-waste:north"), ==,
                    row_number (summary, "total"));
  /* Only the loser's cards count; the winner has none. */
  g_assert_null (find_named (GTK_WIDGET (summary), "reserve:south"));

  /* The running score, with the names as given. */
  g_assert_cmpuint (row_number (summary, "score:south"), ==, 37);
  g_assert_cmpuint (row_number (summary, "score:north"), ==, 0);
  g_assert_true (shows_text (GTK_WIDGET (summary), "The first to 300 points wins the match"));
  g_assert_true (shows_text (GTK_WIDGET (summary), "Computer (Medium)"));
  g_assert_false (shows_text (GTK_WIDGET (summary), "North"));

  show_and_picture (summary, "round-summary-russian-won");
  g_assert_true (gtk_widget_get_visible (find_named (GTK_WIDGET (summary), "score:south")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (summary), "summary.next-round", NULL));
  g_assert_cmpuint (next_rounds, ==, 1);
  g_assert_cmpuint (new_matches, ==, 0);
  ui_test_drain ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (summary)));
  close_summary (summary);
}

/* The "Next Round" button itself, not only its action, asks for the next round. */
static void
test_next_round_button (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match =
    load_russian_match (game, 100, "SR: Q♦\nNR: Q♣ K♣\nND: Q♣* K♣*\nNW: K♦\n");
  CrapetteRoundSummary *summary;
  GtkWidget *button;
  guint next_rounds = 0;

  play_first_legal_move (game);
  summary = new_summary (match, 0);
  g_signal_connect (summary, "next-round", G_CALLBACK (on_signal_count_cb), &next_rounds);
  show_and_picture (summary, "round-summary-next");

  button = gtk_window_get_default_widget (GTK_WINDOW (summary));
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Next Round");
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (next_rounds, ==, 1);
  close_summary (summary);
}

static void
test_russian_blocked (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match =
    load_russian_match (game, 100, "SR: Q♦ K♦\nNR: Q♣ Q♣* K♣* K♣\n");
  CrapetteRoundSummary *summary;

  /* Both pass: South's count is 4 against North's 8, and South scores 4. */
  pass_turn (game);
  pass_turn (game);
  summary = new_summary (match, 0);

  g_assert_true (shows_text (GTK_WIDGET (summary), "The round is blocked"));
  g_assert_true (shows_text (GTK_WIDGET (summary), "Both players passed"));
  for (CrapetteSeat seat = CRAPETTE_SOUTH; seat < CRAPETTE_N_SEATS; seat++)
    {
      const char *side = seat == CRAPETTE_SOUTH ? "south" : "north";
      g_autofree char *reserve = g_strconcat ("reserve:", side, NULL);
      g_autofree char *others = g_strconcat ("stock-and-waste:", side, NULL);
      g_autofree char *count = g_strconcat ("count:", side, NULL);

      g_assert_cmpuint (row_number (summary, reserve) + row_number (summary, others), ==,
                        row_number (summary, count));
    }
  g_assert_cmpuint (row_number (summary, "count:south"), ==, 4);
  g_assert_cmpuint (row_number (summary, "count:north"), ==, 8);
  g_assert_cmpstr (row_subtitle (summary, "reserve:north"), ==, "4 cards × 2");
  g_assert_cmpstr (row_subtitle (summary, "stock-and-waste:south"), ==, "0 cards × 1");
  g_assert_cmpuint (row_number (summary, "difference"), ==, 4);
  g_assert_cmpstr (row_subtitle (summary, "difference"), ==, "8 − 4");
  g_assert_cmpuint (row_number (summary, "total"), ==, 4);
  g_assert_cmpuint (row_number (summary, "score:south"), ==, 4);
  g_assert_false (shows_match_result (summary));

  show_and_picture (summary, "round-summary-russian-blocked");

  /* On a phone-sized window every line still fits across. */
  gtk_window_set_default_size (GTK_WINDOW (summary), 360, -1);
  ui_test_save_picture (GTK_WIDGET (summary), "round-summary-narrow");
  {
    GtkWidget *total = find_named (GTK_WIDGET (summary), "total");
    graphene_rect_t bounds;

    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (summary)), <=, 400);
    g_assert_true (gtk_widget_compute_bounds (total, GTK_WIDGET (summary), &bounds));
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                       gtk_widget_get_width (GTK_WIDGET (summary)));
  }
  close_summary (summary);
}

/* A round against the computer where the reserve's three goes onto a black four, and then a
 * red seven hops between two black eights until the position after the first move has come
 * up three times: move 1, then moves 3 and 5. */
static const char ping_pong_match[] =
  "Crapette match\nVersion: 1\nVariant: russian\nLength: 100\nSeed: 7\n"
  "Opponent: computer-medium\n\n"
  "Crapette record\nVariant: russian\nRound: 1\nTo move: south\n\n"
  "SR: 3♦\nNR: 3♣*\nH1: 8♠ 7♥\nH2: 8♣*\nH3: 4♠*\nRest: SD ND\n\nMoves:\n";

/* A round blocked by repetition says which positions repeated, by the history's numbers,
 * and names the players as everywhere else. */
static void
test_russian_repetition (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(GError) error = NULL;
  CrapetteMove reserve = { CRAPETTE_MOVE_CARD,
                           crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH),
                           crapette_pile_house (2), CRAPETTE_CARD_NONE };
  CrapetteMove there = { CRAPETTE_MOVE_CARD, crapette_pile_house (0), crapette_pile_house (1),
                         CRAPETTE_CARD_NONE };
  CrapetteMove back = { CRAPETTE_MOVE_CARD, crapette_pile_house (1), crapette_pile_house (0),
                        CRAPETTE_CARD_NONE };
  CrapetteRoundSummary *summary;

  match = crapette_match_new_from_record (game, ping_pong_match, -1, &error);
  g_assert_no_error (error);
  g_assert_true (crapette_game_play (game, &reserve, &error));
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (crapette_game_play (game, &there, &error));
      g_assert_true (crapette_game_play (game, &back, &error));
    }
  g_assert_no_error (error);
  g_assert_cmpint (crapette_game_get_phase (game), ==, CRAPETTE_OUTCOME_BLOCKED);
  summary = new_summary (match, 0);

  g_assert_true (shows_text (GTK_WIDGET (summary), "The same position came up for the third "
                             "time. The position after move 1 came up again after moves 3 "
                             "and 5."));
  g_assert_true (shows_text (GTK_WIDGET (summary), "Your count"));
  g_assert_true (shows_text (GTK_WIDGET (summary), "The computer’s count"));
  g_assert_true (shows_text (GTK_WIDGET (summary), "The computer’s reserve"));
  g_assert_true (shows_text (GTK_WIDGET (summary), "Computer (Medium)"));
  g_assert_false (shows_text (GTK_WIDGET (summary), "South"));
  show_and_picture (summary, "round-summary-russian-repetition");
  close_summary (summary);
}

/* A single round whose counts are equal: nobody scores, and the match ends drawn. */
static void
test_russian_drawn_match (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match =
    load_russian_match (game, CRAPETTE_MATCH_SINGLE_ROUND, "SR: Q♣ Q♦ K♦\nNR: Q♣* K♣* K♣\n");
  CrapetteRoundSummary *summary;
  guint next_rounds = 0, new_matches = 0;

  pass_turn (game);
  pass_turn (game);
  g_assert_true (crapette_match_is_finished (match));
  summary = new_summary (match, 0);
  g_signal_connect (summary, "next-round", G_CALLBACK (on_signal_count_cb), &next_rounds);
  g_signal_connect (summary, "new-match", G_CALLBACK (on_signal_count_cb), &new_matches);

  g_assert_cmpuint (row_number (summary, "count:south"), ==, row_number (summary, "count:north"));
  g_assert_null (find_named (GTK_WIDGET (summary), "difference"));
  g_assert_cmpuint (row_number (summary, "total"), ==, 0);
  g_assert_true (shows_text (GTK_WIDGET (summary), "nobody scores"));
  g_assert_true (shows_text (GTK_WIDGET (summary), "The match is drawn"));
  g_assert_true (shows_text (GTK_WIDGET (summary), "A match of a single round"));

  show_and_picture (summary, "round-summary-match-drawn");
  g_assert_true (gtk_widget_get_visible (gtk_window_get_default_widget (GTK_WINDOW (summary))));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (gtk_window_get_default_widget (
                     GTK_WINDOW (summary)))), ==, "_New Match");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (summary), "summary.new-match", NULL));
  g_assert_cmpuint (new_matches, ==, 1);
  g_assert_cmpuint (next_rounds, ==, 0);
  close_summary (summary);
}

/* The match is won on the round that reaches the target exactly. */
static void
test_russian_match_won (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match =
    load_russian_match (game, 37, "SR: Q♦\nNR: Q♣ K♣\nND: Q♣* K♣*\nNW: K♦\n");
  CrapetteRoundSummary *summary;

  crapette_match_set_players (match, CRAPETTE_OPPONENT_TWO_PLAYERS, "Éloïse", "Boris");
  play_first_legal_move (game);
  summary = new_summary (match, 0);

  g_assert_true (shows_text (GTK_WIDGET (summary), "Éloïse wins the match"));
  g_assert_true (shows_text (GTK_WIDGET (summary), "Boris’s reserve"));
  g_assert_cmpuint (row_number (summary, "score:south"), ==, 37);
  show_and_picture (summary, "round-summary-match-won");
  close_summary (summary);
}

static void
play_round_at_random (CrapetteGame   *game,
                      CrapetteRandom *random)
{
  for (guint moves = 0; crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; moves++)
    {
      gsize n_moves;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);
      CrapetteMove move;

      g_assert_cmpuint (moves, <, 200000);
      g_assert_cmpuint (n_moves, >, 0);
      move = legal[crapette_random_below (random, (guint32) n_moves)];
      g_assert_true (crapette_game_play (game, &move, NULL));
    }
}

static void
test_american (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  CrapetteRules rules;
  CrapetteRandom random;
  guint south = 0, north = 0;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = QUICK_IDLE_TURNS;
  crapette_random_init (&random, 3);
  match = crapette_match_new (game, CRAPETTE_VARIANT_AMERICAN, &rules, 3, 21);

  while (crapette_match_deal_next_round (match))
    {
      guint index = crapette_match_get_n_finished_rounds (match);
      g_autofree char *picture = g_strdup_printf ("round-summary-american-%u", index + 1);
      CrapetteRoundSummary *summary;
      CrapetteRoundResult result;

      play_round_at_random (game, &random);
      g_assert_true (crapette_match_get_round_result (match, index, &result));
      summary = new_summary (match, index);

      /* The cards each player held, and the point of the round if someone won it. */
      g_assert_cmpuint (row_number (summary, "cards:south"), ==, result.counts[CRAPETTE_SOUTH]);
      g_assert_cmpuint (row_number (summary, "cards:north"), ==, result.counts[CRAPETTE_NORTH]);
      g_assert_cmpuint (row_number (summary, "total"), ==, result.points);
      if (result.winner == CRAPETTE_SOUTH)
        south++;
      else if (result.winner == CRAPETTE_NORTH)
        north++;
      if (result.block_reason == CRAPETTE_BLOCK_IDLE_TURNS)
        {
          guint stretch =
            crapette_round_find_idle_stretch (crapette_match_get_finished_round (match, index));
          g_autofree char *began = g_strdup_printf ("Those turns began with move %u.",
                                                    stretch + 1);

          g_assert_true (shows_text (GTK_WIDGET (summary),
                                     "10 turns in a row went by without progress."));
          /* Random play moves cards about, so the idle turns come after the first move. */
          g_assert_cmpuint (stretch, >, 0);
          g_assert_true (shows_text (GTK_WIDGET (summary), began));
        }
      g_assert_cmpuint (row_number (summary, "score:south"), ==, south);
      g_assert_cmpuint (row_number (summary, "score:north"), ==, north);
      g_assert_true (shows_text (GTK_WIDGET (summary), "Best of 3 rounds"));
      g_assert_null (find_named (GTK_WIDGET (summary), "bonus"));
      g_assert_cmpint (crapette_match_is_finished (match), ==, shows_match_result (summary));

      show_and_picture (summary, picture);
      close_summary (summary);
    }
  g_assert_true (crapette_match_is_finished (match));
  g_assert_cmpuint (MAX (south, north), ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  ui_test_load_style ();
  /* Pictures taken mid-transition would show two states at once. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/round-summary/russian/won", test_russian_won);
  g_test_add_func ("/round-summary/russian/next-round-button", test_next_round_button);
  g_test_add_func ("/round-summary/russian/blocked", test_russian_blocked);
  g_test_add_func ("/round-summary/russian/repetition", test_russian_repetition);
  g_test_add_func ("/round-summary/russian/drawn-match", test_russian_drawn_match);
  g_test_add_func ("/round-summary/russian/match-won", test_russian_match_won);
  g_test_add_func ("/round-summary/american", test_american);

  return g_test_run ();
}
