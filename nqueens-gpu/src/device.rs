//! The GPU's half: an adapter and a device through wgpu, the kernel (`count.wgsl`), and the
//! dispatches that run a share's prefixes through it, each waited for with a watchdog.

use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::prefix::{Cut, Prefix};
use crate::GpuError;

/// Invocations in one workgroup: the kernel's `@workgroup_size`.
const WORKGROUP: u32 = 64;

/// The most invocations a dispatch starts: about what a large GPU keeps resident (an H100:
/// 132 units of 2,048), and 2 MB of sums to read back.
const MOST_INVOCATIONS: u32 = 1 << 18;

/// The most prefixes one dispatch takes: 16 MB of them, within every adapter's storage
/// binding limit (128 MB by default), and a few times [`MOST_INVOCATIONS`], so that each
/// invocation takes several from all over the list.
const MOST_A_DISPATCH: usize = 1 << 20;

/// Dispatches a share is cut into at least, where it has the prefixes: progress moves, and
/// the watchdog waits on pieces, not on the whole share.
const DISPATCHES_A_SHARE: usize = 16;

/// An adapter as wgpu sees it, for `nqueens gpu`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Adapter {
    /// Its name, as the driver gives it (`llvmpipe (LLVM 15.0.6, 256 bits)`).
    pub name: String,
    /// The API it is reached through: `Vulkan`, `Metal`, `Dx12`.
    pub backend: String,
    /// What kind of device it is: `DiscreteGpu`, `IntegratedGpu`, `VirtualGpu`, `Cpu`.
    pub device_type: String,
    /// Whether it runs on the CPU (a software rasteriser such as lavapipe): it counts
    /// right, and slower than the CPU counter.
    pub software: bool,
}

/// Every adapter wgpu finds on the native APIs, best first as wgpu would pick it.
pub fn adapters() -> Vec<Adapter> {
    let instance = instance();
    let found = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::PRIMARY));
    found
        .iter()
        .map(|a| {
            let info = a.get_info();
            Adapter {
                name: info.name.clone(),
                backend: format!("{:?}", info.backend),
                device_type: format!("{:?}", info.device_type),
                software: info.device_type == wgpu::DeviceType::Cpu,
            }
        })
        .collect()
}

fn instance() -> wgpu::Instance {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::PRIMARY;
    wgpu::Instance::new(desc)
}

/// An open GPU: its device and queue, the kernel's pipeline, and what went wrong on it
/// outside a call (a lost device, an error no scope caught).
pub(crate) struct Gpu {
    pub(crate) name: String,
    device: wgpu::Device,
    queue: wgpu::Queue,
    pipeline: wgpu::ComputePipeline,
    trouble: Arc<Mutex<Option<GpuError>>>,
}

impl Gpu {
    /// The adapter wgpu picks for high performance, opened. [`GpuError::NoAdapter`] where
    /// there is none.
    pub(crate) fn open() -> Result<Gpu, GpuError> {
        let instance = instance();
        let options = wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            ..Default::default()
        };
        let adapter = pollster::block_on(instance.request_adapter(&options))
            .map_err(|_| GpuError::NoAdapter)?;
        let name = adapter.get_info().name;
        let desc = wgpu::DeviceDescriptor {
            label: Some("nqueens"),
            required_limits: wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
            ..Default::default()
        };
        let (device, queue) = pollster::block_on(adapter.request_device(&desc))
            .map_err(|e| GpuError::Device(format!("{name}: {e}")))?;
        let trouble: Arc<Mutex<Option<GpuError>>> = Arc::new(Mutex::new(None));
        let lost = Arc::clone(&trouble);
        device.set_device_lost_callback(move |_, why| {
            lost.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get_or_insert(GpuError::Lost(why));
        });
        let uncaught = Arc::clone(&trouble);
        // wgpu's default for an error outside a scope is a panic: kept as an error instead.
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            let error = match e {
                wgpu::Error::OutOfMemory { .. } => GpuError::OutOfMemory,
                other => GpuError::Device(other.to_string()),
            };
            uncaught
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get_or_insert(error);
        }));
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("count.wgsl"),
            source: wgpu::ShaderSource::Wgsl(include_str!("count.wgsl").into()),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("count"),
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let gpu = Gpu {
            name,
            device,
            queue,
            pipeline,
            trouble,
        };
        gpu.checked()?;
        Ok(gpu)
    }

    /// The error the device met outside a call, if any.
    fn checked(&self) -> Result<(), GpuError> {
        match self
            .trouble
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The solutions below `prefixes` (of `cut`), each dispatch waited for at most
    /// `patience`; `done(k)` after each, with the prefixes counted so far.
    pub(crate) fn count(
        &self,
        cut: &Cut,
        prefixes: &[Prefix],
        patience: Duration,
        done: &mut dyn FnMut(u64),
    ) -> Result<u64, GpuError> {
        if prefixes.is_empty() {
            return Ok(0);
        }
        let size = (prefixes.len() / DISPATCHES_A_SHARE).clamp(1, MOST_A_DISPATCH);
        let buffers = self.buffers(size)?;
        let mut total = 0u64;
        let mut counted = 0u64;
        for batch in prefixes.chunks(size) {
            total += self.dispatch(cut, batch, &buffers, patience)?;
            counted += batch.len() as u64;
            done(counted);
        }
        Ok(total)
    }

    /// The buffers of a dispatch of up to `size` prefixes, made within an out-of-memory
    /// scope.
    fn buffers(&self, size: usize) -> Result<Buffers, GpuError> {
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let buffer = |label: &str, bytes: u64, usage: wgpu::BufferUsages| {
            self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: bytes,
                usage,
                mapped_at_creation: false,
            })
        };
        use wgpu::BufferUsages as U;
        let invocations = invocations(size);
        let sums_bytes = u64::from(invocations) * 8;
        let buffers = Buffers {
            params: buffer("params", 16, U::UNIFORM | U::COPY_DST),
            prefixes: buffer("prefixes", size as u64 * 16, U::STORAGE | U::COPY_DST),
            sums: buffer("sums", sums_bytes, U::STORAGE | U::COPY_SRC | U::COPY_DST),
            staging: buffer("staging", sums_bytes, U::MAP_READ | U::COPY_DST),
        };
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(match e {
                wgpu::Error::OutOfMemory { .. } => GpuError::OutOfMemory,
                other => GpuError::Device(other.to_string()),
            });
        }
        self.checked()?;
        Ok(buffers)
    }

    /// One dispatch: `batch` completed on the GPU, waited for at most `patience`.
    fn dispatch(
        &self,
        cut: &Cut,
        batch: &[Prefix],
        b: &Buffers,
        patience: Duration,
    ) -> Result<u64, GpuError> {
        let bytes = u64::from(invocations(batch.len())) * 8;
        let submitted = self.submit(cut, batch, b, bytes);
        let (send, receive) = mpsc::channel();
        b.staging
            .slice(..bytes)
            .map_async(wgpu::MapMode::Read, move |r| {
                let _ = send.send(r);
            });
        let timeout = GpuError::Timeout {
            seconds: patience.as_secs(),
        };
        let waited = self.device.poll(wgpu::PollType::Wait {
            submission_index: Some(submitted),
            timeout: Some(patience),
        });
        match waited {
            Ok(_) => {}
            Err(wgpu::PollError::Timeout) => return Err(timeout),
            Err(e) => return Err(GpuError::Device(e.to_string())),
        }
        self.checked()?;
        match receive.recv_timeout(patience) {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(GpuError::Device(e.to_string())),
            Err(_) => return Err(timeout),
        }
        let sum = {
            let view = b
                .staging
                .slice(..bytes)
                .get_mapped_range()
                .map_err(|e| GpuError::Device(e.to_string()))?;
            view.chunks_exact(8)
                .map(|pair| {
                    let lo = u32::from_le_bytes([pair[0], pair[1], pair[2], pair[3]]);
                    let hi = u32::from_le_bytes([pair[4], pair[5], pair[6], pair[7]]);
                    u64::from(hi) << 32 | u64::from(lo)
                })
                .sum()
        };
        b.staging.unmap();
        Ok(sum)
    }

    /// Writes `batch` and its parameters, and submits its dispatch and the copy of its
    /// `bytes` of sums to the staging buffer.
    fn submit(
        &self,
        cut: &Cut,
        batch: &[Prefix],
        b: &Buffers,
        bytes: u64,
    ) -> wgpu::SubmissionIndex {
        let board = if cut.n == 32 {
            u32::MAX
        } else {
            (1u32 << cut.n) - 1
        };
        let params = [batch.len() as u32, cut.rows_left() as u32, board, 0];
        self.queue.write_buffer(&b.params, 0, &words(&params));
        let flat: Vec<u32> = batch.iter().flatten().copied().collect();
        self.queue.write_buffer(&b.prefixes, 0, &words(&flat));
        fn entry(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
            wgpu::BindGroupEntry {
                binding,
                resource: buffer.as_entire_binding(),
            }
        }
        let group = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("count"),
            layout: &self.pipeline.get_bind_group_layout(0),
            entries: &[
                entry(0, &b.params),
                entry(1, &b.prefixes),
                entry(2, &b.sums),
            ],
        });
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("count"),
            });
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(invocations(batch.len()) / WORKGROUP, 1, 1);
        }
        encoder.copy_buffer_to_buffer(&b.sums, 0, &b.staging, 0, bytes);
        self.queue.submit([encoder.finish()])
    }
}

/// The buffers a dispatch uses, made once for a share.
struct Buffers {
    params: wgpu::Buffer,
    prefixes: wgpu::Buffer,
    sums: wgpu::Buffer,
    staging: wgpu::Buffer,
}

/// The invocations for `prefixes` prefixes: one each up to [`MOST_INVOCATIONS`], whole
/// workgroups.
fn invocations(prefixes: usize) -> u32 {
    let wanted = u32::try_from(prefixes)
        .unwrap_or(u32::MAX)
        .min(MOST_INVOCATIONS);
    wanted.div_ceil(WORKGROUP).max(1) * WORKGROUP
}

/// `values` as the little-endian bytes a buffer holds.
fn words(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}
