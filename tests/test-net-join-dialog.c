/* test-net-join-dialog.c: the join dialog lists any model of games nearby, and joins by address
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "crapette-enums.h"
#include "crapette-names.h"
#include "crapette-net-join-dialog.h"
#include "ui-test-helpers.h"

/* A game nearby as the dialog reads it: three properties, read by name. The network's own type
 * is not needed to test the dialog. */
#define TEST_TYPE_GAME (test_game_get_type ())
G_DECLARE_FINAL_TYPE (TestGame, test_game, TEST, GAME, GObject)

struct _TestGame
{
  GObject parent_instance;
  char *name;
  char *address;
  CrapetteVariant variant;
};

enum { PROP_0, PROP_NAME, PROP_VARIANT, PROP_ADDRESS, N_PROPS };

G_DEFINE_FINAL_TYPE (TestGame, test_game, G_TYPE_OBJECT)

static void
test_game_finalize (GObject *object)
{
  TestGame *self = TEST_GAME (object);

  g_free (self->name);
  g_free (self->address);
  G_OBJECT_CLASS (test_game_parent_class)->finalize (object);
}

static void
test_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TestGame *self = TEST_GAME (object);

  if (prop_id == PROP_NAME)
    g_value_set_string (value, self->name);
  else if (prop_id == PROP_VARIANT)
    g_value_set_enum (value, self->variant);
  else if (prop_id == PROP_ADDRESS)
    g_value_set_string (value, self->address);
}

static void
test_game_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TestGame *self = TEST_GAME (object);

  if (prop_id == PROP_NAME)
    {
      g_free (self->name);
      self->name = g_value_dup_string (value);
    }
  else if (prop_id == PROP_VARIANT)
    self->variant = g_value_get_enum (value);
  else if (prop_id == PROP_ADDRESS)
    {
      g_free (self->address);
      self->address = g_value_dup_string (value);
    }
}

static void
test_game_class_init (TestGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = test_game_finalize;
  object_class->get_property = test_game_get_property;
  object_class->set_property = test_game_set_property;
  g_object_class_install_property (object_class, PROP_NAME,
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (object_class, PROP_VARIANT,
    g_param_spec_enum ("variant", NULL, NULL, CRAPETTE_TYPE_VARIANT, CRAPETTE_VARIANT_RUSSIAN,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (object_class, PROP_ADDRESS,
    g_param_spec_string ("address", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void
test_game_init (TestGame *self)
{
}

static TestGame *
test_game_new (const char *name, CrapetteVariant variant, const char *address)
{
  return g_object_new (TEST_TYPE_GAME, "name", name, "variant", variant, "address", address,
                       NULL);
}

/* Appends the text of every label shown under @widget, one a line (a list box hides its
 * placeholder by the child's visibility). */
static void
collect_labels (GtkWidget *widget, GString *text)
{
  if (!gtk_widget_get_visible (widget) || !gtk_widget_get_child_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, text);
}

/* The first widget named @name under @widget, depth first. */
static GtkWidget *
find_widget (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
on_join_cb (CrapetteNetJoinDialog *dialog, const char *address, char **joined)
{
  g_free (*joined);
  *joined = g_strdup (address);
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static CrapetteNetJoinDialog *
show_dialog (GListModel *nearby)
{
  CrapetteNetJoinDialog *dialog = crapette_net_join_dialog_new (nearby);

  g_object_ref_sink (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  ui_test_run_until (is_mapped, dialog, 5000, "the join dialog to show");
  return dialog;
}

static void
close_dialog (CrapetteNetJoinDialog *dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
}

/* An empty list says so; games added later appear with the host's name and the game. */
static void
test_lists_games_nearby (void)
{
  g_autoptr (GListStore) nearby = g_list_store_new (TEST_TYPE_GAME);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (TestGame) anna = test_game_new ("Anna", CRAPETTE_VARIANT_AMERICAN,
                                             "crapette-direct://192.168.1.5:4711/?pin=aa&key=bb");
  g_autofree char *joined = NULL;
  CrapetteNetJoinDialog *dialog = show_dialog (G_LIST_MODEL (nearby));
  GtkListBox *games = GTK_LIST_BOX (find_widget (GTK_WIDGET (dialog), "nearby-games"));

  g_assert_true (crapette_net_join_dialog_get_nearby (dialog) == G_LIST_MODEL (nearby));
  collect_labels (GTK_WIDGET (games), text);
  g_assert_nonnull (strstr (text->str, "No games found nearby yet"));
  g_assert_null (gtk_list_box_get_row_at_index (games, 0));

  g_list_store_append (nearby, anna);
  g_string_truncate (text, 0);
  collect_labels (GTK_WIDGET (games), text);
  g_assert_null (strstr (text->str, "No games found nearby yet"));
  g_assert_nonnull (strstr (text->str, "Anna"));
  g_assert_nonnull (strstr (text->str, crapette_variant_name (CRAPETTE_VARIANT_AMERICAN)));

  g_signal_connect (dialog, "join", G_CALLBACK (on_join_cb), &joined);
  g_signal_emit_by_name (gtk_list_box_get_row_at_index (games, 0), "activate");
  g_assert_cmpstr (joined, ==, "crapette-direct://192.168.1.5:4711/?pin=aa&key=bb");

  g_list_store_remove (nearby, 0);
  g_assert_null (gtk_list_box_get_row_at_index (games, 0));
  close_dialog (dialog);
}

/* A typed address joins from Enter or the Join button, trimmed; an empty one cannot; an error
 * shows under the entry and goes away with the next change. */
static void
test_joins_by_address (void)
{
  g_autofree char *joined = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  CrapetteNetJoinDialog *dialog = show_dialog (NULL);
  GtkWidget *entry = find_widget (GTK_WIDGET (dialog), "join-address");
  GtkWidget *join = find_widget (GTK_WIDGET (dialog), "join-button");

  g_signal_connect (dialog, "join", G_CALLBACK (on_join_cb), &joined);
  g_assert_true (ADW_IS_ENTRY_ROW (entry));
  g_assert_true (GTK_IS_BUTTON (join));
  g_assert_false (gtk_widget_get_sensitive (join));

  gtk_editable_set_text (GTK_EDITABLE (entry), "  crapette-direct://127.0.0.1:9/?pin=1&key=2 ");
  g_assert_true (gtk_widget_get_sensitive (join));
  g_signal_emit_by_name (entry, "entry-activated");
  g_assert_cmpstr (joined, ==, "crapette-direct://127.0.0.1:9/?pin=1&key=2");

  g_clear_pointer (&joined, g_free);
  g_signal_emit_by_name (join, "clicked");
  g_assert_cmpstr (joined, ==, "crapette-direct://127.0.0.1:9/?pin=1&key=2");

  crapette_net_join_dialog_show_error (dialog, "This is not a join address.");
  collect_labels (GTK_WIDGET (dialog), text);
  g_assert_nonnull (strstr (text->str, "This is not a join address."));
  gtk_editable_set_text (GTK_EDITABLE (entry), "   ");
  g_assert_false (gtk_widget_get_sensitive (join));
  g_string_truncate (text, 0);
  collect_labels (GTK_WIDGET (dialog), text);
  g_assert_null (strstr (text->str, "This is not a join address."));

  g_clear_pointer (&joined, g_free);
  g_signal_emit_by_name (entry, "entry-activated");
  g_assert_null (joined);
  close_dialog (dialog);
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/net-join-dialog/lists-games-nearby", test_lists_games_nearby);
  g_test_add_func ("/net-join-dialog/joins-by-address", test_joins_by_address);
  return g_test_run ();
}
