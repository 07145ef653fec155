# arm-none-eabi.cmake: a CMake toolchain file for Cortex-M4F microcontrollers with Debian's gcc-arm-none-eabi and
# libnewlib-arm-none-eabi (Thumb-2, the FPv4-SP-D16 single-precision FPU, the hard-float ABI). With it, fx2c's
# CMakeLists builds the tensor runtime alone (FX2C_RUNTIME_ONLY), as a static library for the microcontroller:
#
#   cmake -S . -B build-m4 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-none-eabi.cmake -DCMAKE_BUILD_TYPE=MinSizeRel
#   cmake --build build-m4          # build-m4/libfxrt.a
#
# The model itself comes from fx2c on the host:
#   fx2c compile ... --emit obj --target thumbv7em-none-eabihf --cpu cortex-m4 -o model.o   (and model.h)
# examples/firmware/ links both with a startup file into a firmware image.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_AR arm-none-eabi-ar CACHE FILEPATH "ar")
set(CMAKE_RANLIB arm-none-eabi-ranlib CACHE FILEPATH "ranlib")
# no operating system to link test programs against: check the compiler with a static library
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(FX2C_CORTEX_M4F_FLAGS "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
set(CMAKE_C_FLAGS_INIT "${FX2C_CORTEX_M4F_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${FX2C_CORTEX_M4F_FLAGS} --specs=nano.specs -Wl,--gc-sections")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
