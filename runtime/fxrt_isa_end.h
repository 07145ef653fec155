/* fxrt_isa_end.h: the end of a kernel file's variant (fxrt_isa_begin.h). Internal to the runtime. */
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
