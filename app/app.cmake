# app/app.cmake - the application library `rankfile_app` (app/): the plumbing that the programs,
# the Python extension, the web glue, the fuzz targets and the tests share (see app/app.h). The
# web page (Makefile, emcc) compiles the same list, printed by `cmake -P app/app.cmake`. This is
# the one place that names the files of app/.
set(RF_APP_FILES
  # plumbing
  message.c options.c suggest.c number.c json.c bad_input.c batch.c position.c input.c encoding.c
  outcome.c svg.c eco_file.c fold.c
  # PGN games: the game record, the column table, the filter, the thread engine
  pgn_record.c pgn_columns.c pgn_drive.c pgn_game.c pgn_filter.c pgn_threads.c
  # the UCI engine driver, and the engine pool over it (`rankfile analyse`, the Python extension)
  uci.c analyse.c analyse_game.c analyse_output.c analyse_checkpoint.c)

if(CMAKE_SCRIPT_MODE_FILE)
  # `cmake -P app/app.cmake`: the sources relative to the project's root, one line.
  list(TRANSFORM RF_APP_FILES PREPEND app/)
  string(JOIN " " RF_APP_LIST ${RF_APP_FILES})
  execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${RF_APP_LIST}")
  return()
endif()

set(RF_APP_SOURCES ${RF_APP_FILES})
list(TRANSFORM RF_APP_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/app/)
add_library(rankfile_app STATIC ${RF_APP_SOURCES})
target_include_directories(rankfile_app PUBLIC ${PROJECT_SOURCE_DIR}/app)
# Only the public header: options.c lists the variant names and aliases through rankfile.h's
# rf_variant_name and rf_variant_alias.
target_compile_options(rankfile_app PRIVATE ${RF_WARNINGS})
# Compressed input (input.c), as found above: the definitions for its source, the libraries for
# whatever links it.
target_compile_definitions(rankfile_app PRIVATE ${RF_CLI_INPUT_DEFINITIONS})
# analyse_output.c: exp() of the winning chances (libm).
target_link_libraries(rankfile_app PUBLIC rankfile_static ${RF_CLI_INPUT_LIBS} m)
# Internal: linked into programs and the Python extension, exported by none of them.
set_target_properties(rankfile_app PROPERTIES C_VISIBILITY_PRESET hidden)
