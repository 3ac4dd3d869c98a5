# cmake -DPROGRAM=<exe> -DARGS=<arg> -DEXPECTED=<file> -P compare-output.cmake
# Runs PROGRAM ARGS and fails unless its stdout equals EXPECTED byte for byte (the demo table the
# Swift CLI, the C example and the Python example all print).
execute_process(COMMAND "${PROGRAM}" ${ARGS} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} ${ARGS} exited with ${rc}")
endif()
file(READ "${EXPECTED}" expected)
if(NOT out STREQUAL expected)
  file(WRITE "${EXPECTED}.actual" "${out}")
  message(FATAL_ERROR "${PROGRAM} ${ARGS}: output differs from ${EXPECTED} (got ${EXPECTED}.actual):\n${out}")
endif()
message(STATUS "${ARGS}: output matches ${EXPECTED}")
